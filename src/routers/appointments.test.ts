import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  appointments,
  auditLog,
  weeklyHours,
  dateOverrides,
  jobs,
  serviceProviders,
  services,
} from '../../db/schema/index';
import { toZoned, zonedToInstant } from '../server/booking/zoned-time';
import { addCalendarDays } from '../shared/date-key';
import { followUpsDone, queuedMail, signInAs, useTestServer } from '../testing/test-server';
import { SLOT_TAKEN_MESSAGE } from '../shared/appointment-schema';

const server = useTestServer();
const TZ = 'America/New_York';
const PLACEHOLDER = 'placeholder-customer-id';

type Cookie = string;
let admin: Cookie;
let customerA: { cookie: Cookie; id: string };
let customerB: { cookie: Cookie; id: string };
let employeeNoPerms: { cookie: Cookie; id: string };
let maya: { cookie: Cookie; id: string };
let liam: { cookie: Cookie; id: string };
let massage: { id: string; duration: number };
let facial: { id: string; duration: number };
/** A date three days ahead in the business zone: always inside the window and beyond the notices. */
let day: string;

const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedToInstant(date, h! * 60 + m!, TZ).toISOString();
};

beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
  expect(
    (
      await server.request('PUT', '/api/business/settings', {
        cookie: admin,
        body: { businessName: 'Glow', timezone: TZ },
      })
    ).status,
  ).toBe(200);
  const a = await signInAs(server.database, 'customer', { firstName: 'Ada', lastName: 'Lovelace' });
  customerA = { cookie: a.cookie, id: a.user.id };
  const b = await signInAs(server.database, 'customer');
  customerB = { cookie: b.cookie, id: b.user.id };
  const e = await signInAs(server.database, 'employee', { firstName: 'Zed' });
  employeeNoPerms = { cookie: e.cookie, id: e.user.id };
  const m = await signInAs(server.database, 'employee', {
    firstName: 'Maya',
    lastName: 'Okafor',
    // manage: she books for customers too.
    permissions: ['appointments.view', 'appointments.edit', 'appointments.manage'],
  });
  maya = { cookie: m.cookie, id: m.user.id };
  const l = await signInAs(server.database, 'employee', { firstName: 'Liam', lastName: 'Chen' });
  liam = { cookie: l.cookie, id: l.user.id };
  const created = await server.db
    .insert(services)
    .values([
      { name: 'Swedish Massage', price: '85.00', duration: 60 },
      { name: 'Signature Facial', price: '95.00', duration: 90 },
    ])
    .returning({ id: services.id, duration: services.duration });
  massage = created[0]!;
  facial = created[1]!;
  await server.db.insert(serviceProviders).values([
    { serviceId: massage.id, employeeId: maya.id },
    { serviceId: facial.id, employeeId: maya.id },
    { serviceId: facial.id, employeeId: liam.id },
  ]);
  await server.db
    .insert(weeklyHours)
    .values(
      [maya.id, liam.id].flatMap((employeeId) =>
        [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ employeeId, dayOfWeek, startTime: '09:00', endTime: '17:00' })),
      ),
    );
  day = addCalendarDays(toZoned(new Date(), TZ).date, 3);
});

beforeEach(async () => {
  // The last test's follow-ups first: one still running would queue its mail into this test's.
  await followUpsDone(server.db);
  await server.db.delete(appointments);
  await server.db.delete(jobs).where(eq(jobs.kind, 'mail'));
});

const simpleBody = (dateTime: string, extra: Record<string, unknown> = {}) => ({
  serviceId: massage.id,
  dateTime,
  duration: 60,
  employeeId: massage.id,
  notes: 'Window seat please',
  ...extra,
});

async function book(cookie: Cookie, body: Record<string, unknown>) {
  return server.request('POST', '/api/appointments', { cookie, body });
}

async function bookOk(cookie: Cookie, body: Record<string, unknown>) {
  const res = await book(cookie, body);
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string } & Record<string, unknown>;
}

describe('GET /api/appointments/slots', () => {
  it('lists the free starts of the day, signed out, in the business time zone', async () => {
    const res = await server.request('GET', `/api/appointments/slots?serviceId=${massage.id}&date=${day}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(15);
    expect(res.body[0]).toEqual({
      time: '09:00',
      dateTime: at(day, '09:00'),
      employeeIds: [maya.id],
      seatsLeft: 1,
      locationId: expect.any(String),
    });
    expect(res.body.at(-1).time).toBe('16:00');
  });

  it('merges every provider when no employee is named, and narrows to one when one is', async () => {
    const all = await server.request('GET', `/api/appointments/slots?serviceId=${facial.id}&date=${day}`);
    expect(all.body[0].employeeIds.sort()).toEqual([maya.id, liam.id].sort());
    const one = await server.request(
      'GET',
      `/api/appointments/slots?serviceId=${facial.id}&date=${day}&employeeId=${liam.id}`,
    );
    expect(one.body.map((s: { employeeIds: string[] }) => s.employeeIds)).toEqual(one.body.map(() => [liam.id]));
    expect(one.body.at(-1).time).toBe('15:30');
    const notProvider = await server.request(
      'GET',
      `/api/appointments/slots?serviceId=${massage.id}&date=${day}&employeeId=${liam.id}`,
    );
    expect(notProvider.body).toEqual([]);
  });

  it('leaves out booked times and honours a day off', async () => {
    await bookOk(customerA.cookie, simpleBody(at(day, '10:00')));
    const res = await server.request('GET', `/api/appointments/slots?serviceId=${massage.id}&date=${day}`);
    expect(res.body.map((s: { time: string }) => s.time)).not.toContain('10:00');
    expect(res.body.map((s: { time: string }) => s.time)).not.toContain('09:30');
    expect(res.body.map((s: { time: string }) => s.time)).toContain('11:00');
    await server.db.insert(dateOverrides).values({ employeeId: maya.id, date: day, isAvailable: false });
    try {
      expect((await server.request('GET', `/api/appointments/slots?serviceId=${massage.id}&date=${day}`)).body).toEqual(
        [],
      );
    } finally {
      await server.db.delete(dateOverrides);
    }
  });

  it('stores only well-formed overrides: a day off, or a window whose end is after its start', async () => {
    await expect(
      server.db.insert(dateOverrides).values({ employeeId: maya.id, date: day, isAvailable: true }),
    ).rejects.toThrow();
    await expect(
      server.db
        .insert(dateOverrides)
        .values({ employeeId: maya.id, date: day, isAvailable: true, startTime: '12:00', endTime: '11:00' }),
    ).rejects.toThrow();
    expect(await server.db.select().from(dateOverrides)).toEqual([]);
  });

  it('answers [] for past dates and dates beyond the booking window', async () => {
    const today = toZoned(new Date(), TZ).date;
    for (const date of [addCalendarDays(today, -1), addCalendarDays(today, 31)]) {
      const res = await server.request('GET', `/api/appointments/slots?serviceId=${massage.id}&date=${date}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it('refuses a malformed date with 400 and an unknown service with 404', async () => {
    // Shaped like a date but none: no such day, a year JavaScript reads as 1901, and one with no day after it.
    for (const date of ['tomorrow', '2026-02-30', '2026-13-01', '0001-01-01', '9999-12-31']) {
      const bad = await server.request('GET', `/api/appointments/slots?serviceId=${massage.id}&date=${date}`);
      expect(bad.status, date).toBe(400);
      expect(bad.body.message).toBe('date must be a date such as 2026-05-01');
      const list = await server.request('GET', `/api/appointments?from=${date}&to=${date}`, { cookie: admin });
      expect(list.status, date).toBe(400);
      expect(list.body.message).toMatch(/^(from|to) must be a date such as 2026-05-01/);
    }
    const unknown = await server.request(
      'GET',
      `/api/appointments/slots?serviceId=00000000-0000-4000-8000-000000000000&date=${day}`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Service not found', code: 'NOT_FOUND' });
  });
});

describe('GET /api/appointments/providers', () => {
  it("lists a service's providers, or every active employee and admin when it names none", async () => {
    const res = await server.request('GET', `/api/appointments/providers?serviceId=${facial.id}`, {
      cookie: customerA.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: liam.id, firstName: 'Liam', lastName: 'Chen', profileImageUrl: null },
      { id: maya.id, firstName: 'Maya', lastName: 'Okafor', profileImageUrl: null },
    ]);
    const [open] = await server.db
      .insert(services)
      .values({ name: 'Anyone', price: '10.00', duration: 30 })
      .returning({ id: services.id });
    const everyone = await server.request('GET', `/api/appointments/providers?serviceId=${open!.id}`, {
      cookie: customerA.cookie,
    });
    expect(everyone.body.length).toBeGreaterThanOrEqual(4);
    await server.db.delete(services).where(eq(services.id, open!.id));
    expect((await server.request('GET', `/api/appointments/providers?serviceId=${facial.id}`)).status).toBe(401);
  });
});

describe('POST /api/appointments', () => {
  it("books the simple page's payload: placeholder employee assigned, the service's duration, pending", async () => {
    const res = await book(customerA.cookie, simpleBody(at(day, '09:00'), { duration: 999 }));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      serviceId: massage.id,
      employeeId: maya.id,
      customerId: customerA.id,
      userId: customerA.id,
      locationId: expect.any(String),
      location: { id: expect.any(String), name: expect.any(String), address: '' },
      dateTime: at(day, '09:00'),
      appointmentDate: at(day, '09:00'),
      duration: 60,
      notes: 'Window seat please',
      customerNotes: 'Window seat please',
      status: 'pending',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      seriesId: null,
      sessionId: null,
      // The service asks for no deposit.
      amountDue: '0.00',
      paymentStatus: 'not_required',
      service: { id: massage.id, name: 'Swedish Massage', duration: 60, price: '85.00' },
      customer: { id: customerA.id, firstName: 'Ada', lastName: 'Lovelace', email: expect.any(String) },
      employee: { id: maya.id, firstName: 'Maya', lastName: 'Okafor' },
      // Reminders are sent later; none has gone yet.
      remindersSent: [],
      // The service asks no intake questions.
      answers: [],
    });
  });

  it("books the guided page's payload: the placeholder customer is the caller, customerNotes are the notes", async () => {
    const body = {
      customerId: PLACEHOLDER,
      serviceId: facial.id,
      employeeId: liam.id,
      dateTime: at(day, '13:00'),
      duration: 90,
      customerNotes: 'First visit',
      status: 'pending',
    };
    const created = await bookOk(customerA.cookie, body);
    expect(created).toMatchObject({
      customerId: customerA.id,
      employeeId: liam.id,
      duration: 90,
      notes: 'First visit',
      customerNotes: 'First visit',
      status: 'pending',
    });
  });

  it('never lets a customer book for someone else or set a status', async () => {
    const created = await bookOk(
      customerA.cookie,
      simpleBody(at(day, '09:00'), { customerId: customerB.id, status: 'confirmed' }),
    );
    expect(created).toMatchObject({ customerId: customerA.id, status: 'pending' });
  });

  it('lets staff book for a real customer, confirmed', async () => {
    const created = await bookOk(
      admin,
      simpleBody(at(day, '09:00'), { customerId: customerB.id, status: 'confirmed' }),
    );
    expect(created).toMatchObject({ customerId: customerB.id, status: 'confirmed' });
  });

  it('refuses staff a new appointment that is already over (400), writing nothing', async () => {
    for (const status of ['completed', 'cancelled', 'no_show']) {
      const res = await book(admin, simpleBody(at(day, '10:00'), { customerId: customerB.id, status }));
      expect([status, res.status, res.body.message]).toEqual([
        status,
        400,
        'A new appointment can only be pending or confirmed.',
      ]);
    }
    // The time is still free.
    await bookOk(admin, simpleBody(at(day, '10:00'), { customerId: customerB.id }));
  });

  it('refuses a taken time with the 409 message, and a time that is not an offered slot', async () => {
    await bookOk(customerA.cookie, simpleBody(at(day, '09:00')));
    for (const time of ['09:00', '09:30', '09:10', '16:30', '18:00']) {
      const res = await book(customerB.cookie, simpleBody(at(day, time)));
      expect(res.status, time).toBe(409);
      expect(res.body).toEqual({ message: SLOT_TAKEN_MESSAGE, code: 'CONFLICT' });
    }
    expect(await server.db.select().from(appointments)).toHaveLength(1);
  });

  it('gives the placeholder booking to the least booked free provider that day', async () => {
    await bookOk(customerA.cookie, { serviceId: facial.id, dateTime: at(day, '09:00'), employeeId: maya.id });
    const assigned = await bookOk(customerB.cookie, {
      serviceId: facial.id,
      dateTime: at(day, '13:00'),
      employeeId: facial.id,
    });
    expect(assigned.employeeId).toBe(liam.id);
    // A provider named who does not perform the service is a placeholder too.
    const third = await bookOk(customerB.cookie, {
      serviceId: facial.id,
      dateTime: at(day, '13:00'),
      employeeId: employeeNoPerms.id,
    });
    expect(third.employeeId).toBe(maya.id);
    const none = await book(customerB.cookie, {
      serviceId: facial.id,
      dateTime: at(day, '13:00'),
      employeeId: facial.id,
    });
    expect(none.status).toBe(409);
  });

  it('refuses a past time with 400, and bad input with readable messages', async () => {
    const past = await book(customerA.cookie, simpleBody(new Date(Date.now() - 3_600_000).toISOString()));
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('That time has already passed. Please choose a future time.');
    const noService = await book(customerA.cookie, { dateTime: at(day, '09:00') });
    expect(noService.status).toBe(400);
    expect(noService.body.message).toBe('Please select a service to book.');
    const noTime = await book(customerA.cookie, { serviceId: massage.id });
    expect(noTime.body.message).toBe('Please select an appointment time.');
    const badTime = await book(customerA.cookie, { serviceId: massage.id, dateTime: 'next tuesday' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.message).toBe('The appointment time must be a date and time such as 2026-05-01T14:00:00.000Z');
    // format: date-time (RFC 3339) has seconds and a zone; a time without them is refused, not guessed.
    for (const dateTime of [at(day, '09:00').replace(':00.000Z', 'Z'), at(day, '09:00').replace('Z', '')]) {
      const partial = await book(customerA.cookie, { serviceId: massage.id, dateTime });
      expect([partial.status, partial.body.message]).toEqual([
        400,
        'The appointment time must be a date and time such as 2026-05-01T14:00:00.000Z',
      ]);
    }
    const unknown = await book(customerA.cookie, { serviceId: 'nope', dateTime: at(day, '09:00') });
    expect(unknown.status).toBe(404);
    expect(await server.db.select().from(appointments)).toHaveLength(0);
  });

  it('needs a signed-in caller', async () => {
    const res = await server.request('POST', '/api/appointments', { body: simpleBody(at(day, '09:00')) });
    expect(res.status).toBe(401);
  });

  it('mails the customer and the employee an invitation with one UID per appointment', async () => {
    const created = await bookOk(customerA.cookie, simpleBody(at(day, '09:00')));
    const mails = await queuedMail(server.db);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).toBe(`Appointment booked: Swedish Massage on ${day} at 09:00 (${TZ})`);
      expect(mail.icalEvent).toContain(`UID:appointment-${created.id}@localhost`);
      expect(mail.icalEvent).toContain('SEQUENCE:0');
      expect(mail.icalEvent).toContain('METHOD:REQUEST');
      expect(mail.icalEvent).toContain('STATUS:CONFIRMED');
    }
    expect(mails.map((m) => m.text).join('\n')).toContain('Your appointment has been successfully scheduled.');
  });
});

describe('GET /api/appointments and /api/appointments/{id}', () => {
  async function insertPast(customerId: string, daysAgo: number) {
    const startsAt = new Date(Date.now() - daysAgo * 86_400_000);
    const [row] = await server.db
      .insert(appointments)
      .values({
        serviceId: massage.id,
        employeeId: maya.id,
        customerId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        duration: 60,
        status: 'completed',
      })
      .returning({ id: appointments.id });
    return row!.id;
  }

  it('gives a customer their own, soonest upcoming first, then past ones newest first', async () => {
    const later = await bookOk(customerA.cookie, simpleBody(at(day, '15:00')));
    const sooner = await bookOk(customerA.cookie, simpleBody(at(day, '09:00')));
    const old = await insertPast(customerA.id, 20);
    const recent = await insertPast(customerA.id, 2);
    await bookOk(customerB.cookie, simpleBody(at(day, '12:00')));
    const res = await server.request('GET', '/api/appointments', { cookie: customerA.cookie });
    expect(res.status).toBe(200);
    expect(res.body.map((a: { id: string }) => a.id)).toEqual([sooner.id, later.id, recent, old]);
  });

  it('gives staff with appointments.view everyone’s, filtered by dates, employee and status', async () => {
    const a = await bookOk(customerA.cookie, simpleBody(at(day, '09:00')));
    const b = await bookOk(customerB.cookie, { serviceId: facial.id, dateTime: at(day, '11:00'), employeeId: liam.id });
    await insertPast(customerA.id, 5);
    const all = await server.request('GET', '/api/appointments', { cookie: maya.cookie });
    expect(all.body).toHaveLength(3);
    const onDay = await server.request('GET', `/api/appointments?from=${day}&to=${day}`, { cookie: admin });
    expect(onDay.body.map((x: { id: string }) => x.id)).toEqual([a.id, b.id]);
    const liams = await server.request(
      'GET',
      `/api/appointments?from=${day}&to=${day}&employeeId=${liam.id}&status=pending`,
      { cookie: admin },
    );
    expect(liams.body.map((x: { id: string }) => x.id)).toEqual([b.id]);
    const mine = await server.request('GET', '/api/appointments?scope=mine', { cookie: admin });
    expect(mine.body).toEqual([]);
    // An employee without the permission sees only what they booked themself.
    expect((await server.request('GET', '/api/appointments', { cookie: employeeNoPerms.cookie })).body).toEqual([]);
    const bad = await server.request('GET', '/api/appointments?from=yesterday', { cookie: admin });
    expect(bad.status).toBe(400);
  });

  it('answers one appointment to its customer and to staff, 404 to anyone else', async () => {
    const a = await bookOk(customerA.cookie, simpleBody(at(day, '09:00')));
    expect((await server.request('GET', `/api/appointments/${a.id}`, { cookie: customerA.cookie })).body.id).toBe(a.id);
    expect((await server.request('GET', `/api/appointments/${a.id}`, { cookie: admin })).status).toBe(200);
    const other = await server.request('GET', `/api/appointments/${a.id}`, { cookie: customerB.cookie });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ message: 'Appointment not found', code: 'NOT_FOUND' });
    expect((await server.request('GET', '/api/appointments/not-an-id', { cookie: customerA.cookie })).status).toBe(404);
    expect((await server.request('GET', `/api/appointments/${a.id}`)).status).toBe(401);
  });
});

describe('PUT /api/appointments/{id}/status', () => {
  it('lets staff with appointments.edit set any of the four values', async () => {
    const a = await bookOk(customerA.cookie, simpleBody(at(day, '09:00')));
    for (const status of ['confirmed', 'completed', 'cancelled', 'pending']) {
      const res = await server.request('PUT', `/api/appointments/${a.id}/status`, {
        cookie: maya.cookie,
        body: { status },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.status).toBe(status);
    }
  });

  it("puts staff bookings and changes of someone's appointment in the activity log, and not a customer's own", async () => {
    const a = await bookOk(customerA.cookie, simpleBody(at(day, '09:00')));
    const b = await bookOk(maya.cookie, simpleBody(at(day, '10:00'), { customerId: customerB.id }));
    expect(
      (
        await server.request('PUT', `/api/appointments/${a.id}/status`, {
          cookie: maya.cookie,
          body: { status: 'confirmed' },
        })
      ).status,
    ).toBe(200);
    const moved = await server.request('PUT', `/api/appointments/${a.id}/reschedule`, {
      cookie: maya.cookie,
      body: { dateTime: at(day, '11:00') },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(
      (await server.request('POST', `/api/appointments/${a.id}/cancel`, { cookie: customerA.cookie })).status,
    ).toBe(200);
    expect((await server.request('POST', `/api/appointments/${b.id}/cancel`, { cookie: maya.cookie })).status).toBe(
      200,
    );
    // The entries are written by a subscriber of the appointments' events.
    await followUpsDone(server.db);
    const logged = await server.db
      .select({
        entityId: auditLog.entityId,
        action: auditLog.action,
        summary: auditLog.summary,
        actorId: auditLog.actorId,
      })
      .from(auditLog)
      .where(inArray(auditLog.entityId, [a.id, b.id]))
      .orderBy(auditLog.createdAt);
    expect(logged.map((e) => [e.entityId, e.action, e.actorId])).toEqual([
      [b.id, 'appointment.created', maya.id],
      [a.id, 'appointment.status_changed', maya.id],
      [a.id, 'appointment.rescheduled', maya.id],
      [b.id, 'appointment.cancelled', maya.id],
    ]);
    expect(logged[0]!.summary).toMatch(/^Booked Swedish Massage for .+\.$/);
    expect(logged[1]!.summary).toMatch(/^Marked .+'s Swedish Massage appointment as confirmed\.$/);
  });

  it('refuses customers and staff without the permission, an unknown value and an unknown id', async () => {
    const a = await bookOk(customerA.cookie, simpleBody(at(day, '09:00')));
    expect(
      (
        await server.request('PUT', `/api/appointments/${a.id}/status`, {
          cookie: customerA.cookie,
          body: { status: 'confirmed' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await server.request('PUT', `/api/appointments/${a.id}/status`, {
          cookie: employeeNoPerms.cookie,
          body: { status: 'confirmed' },
        })
      ).status,
    ).toBe(403);
    const bad = await server.request('PUT', `/api/appointments/${a.id}/status`, {
      cookie: admin,
      body: { status: 'done' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Status must be one of: pending, confirmed, completed, cancelled, no_show');
    expect(
      (
        await server.request('PUT', `/api/appointments/00000000-0000-4000-8000-000000000000/status`, {
          cookie: admin,
          body: { status: 'confirmed' },
        })
      ).status,
    ).toBe(404);
    expect((await server.request('GET', `/api/appointments/${a.id}`, { cookie: admin })).body.status).toBe('pending');
  });

  it('refuses to reopen a cancelled appointment whose time was booked again, with 409', async () => {
    const a = await bookOk(customerA.cookie, simpleBody(at(day, '09:00')));
    await server.request('PUT', `/api/appointments/${a.id}/status`, { cookie: admin, body: { status: 'cancelled' } });
    await bookOk(customerB.cookie, simpleBody(at(day, '09:00')));
    const res = await server.request('PUT', `/api/appointments/${a.id}/status`, {
      cookie: admin,
      body: { status: 'confirmed' },
    });
    expect(res.status).toBe(409);
  });
});

describe('POST /api/appointments/{id}/cancel and PUT /api/appointments/{id}/reschedule', () => {
  async function bookSoon(hoursAhead: number) {
    // Inserted directly: a start inside the cancellation notice is also inside nobody's slot list.
    const startsAt = new Date(Math.ceil((Date.now() + hoursAhead * 3_600_000) / 1_800_000) * 1_800_000);
    const [row] = await server.db
      .insert(appointments)
      .values({
        serviceId: massage.id,
        employeeId: maya.id,
        customerId: customerA.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        duration: 60,
      })
      .returning({ id: appointments.id });
    return row!.id;
  }

  it('cancels with no body: status cancelled, the time offered again, a CANCEL invitation with a higher SEQUENCE', async () => {
    const a = await bookOk(customerA.cookie, simpleBody(at(day, '09:00')));
    const res = await server.request('POST', `/api/appointments/${a.id}/cancel`, { cookie: customerA.cookie });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('cancelled');
    const slots = await server.request('GET', `/api/appointments/slots?serviceId=${massage.id}&date=${day}`);
    expect(slots.body[0].time).toBe('09:00');
    const cancelMails = (await queuedMail(server.db)).filter((m) => m.subject.startsWith('Appointment cancelled'));
    expect(cancelMails).toHaveLength(2);
    expect(cancelMails[0]!.icalEvent).toContain('STATUS:CANCELLED');
    expect(cancelMails[0]!.icalEvent).toContain('METHOD:CANCEL');
    expect(cancelMails[0]!.icalEvent).toContain('SEQUENCE:1');
    expect(cancelMails[0]!.icalEvent).toContain(`UID:appointment-${a.id}@localhost`);
    const again = await server.request('POST', `/api/appointments/${a.id}/cancel`, { cookie: customerA.cookie });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This appointment is already cancelled.');
  });

  it("answers another customer's appointment with 404 and changes nothing", async () => {
    const a = await bookOk(customerA.cookie, simpleBody(at(day, '09:00')));
    expect(
      (await server.request('POST', `/api/appointments/${a.id}/cancel`, { cookie: customerB.cookie })).status,
    ).toBe(404);
    expect(
      (
        await server.request('PUT', `/api/appointments/${a.id}/reschedule`, {
          cookie: customerB.cookie,
          body: { dateTime: at(day, '11:00') },
        })
      ).status,
    ).toBe(404);
    expect((await server.request('GET', `/api/appointments/${a.id}`, { cookie: customerA.cookie })).body).toMatchObject(
      { status: 'pending', dateTime: at(day, '09:00') },
    );
  });

  it('refuses a customer inside the cancellation notice with 409 saying so; staff may still', async () => {
    const id = await bookSoon(5);
    const res = await server.request('POST', `/api/appointments/${id}/cancel`, { cookie: customerA.cookie });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Appointments can be cancelled or rescheduled up to 24 hours before they start. Please contact us to change this one.',
    );
    const moved = await server.request('PUT', `/api/appointments/${id}/reschedule`, {
      cookie: customerA.cookie,
      body: { dateTime: at(day, '11:00') },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe(res.body.message);
    const staff = await server.request('POST', `/api/appointments/${id}/cancel`, { cookie: maya.cookie });
    expect(staff.status).toBe(200);
    expect(staff.body.status).toBe('cancelled');
  });

  it('reschedules to an offered time of the same employee, even half an hour later overlapping itself', async () => {
    const a = await bookOk(customerA.cookie, simpleBody(at(day, '09:00')));
    const res = await server.request('PUT', `/api/appointments/${a.id}/reschedule`, {
      cookie: customerA.cookie,
      body: { dateTime: at(day, '09:30') },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: a.id, dateTime: at(day, '09:30'), employeeId: maya.id, status: 'pending' });
    const moved = (await queuedMail(server.db)).filter((m) => m.subject.startsWith('Appointment moved'));
    expect(moved).toHaveLength(2);
    expect(moved[0]!.icalEvent).toContain('SEQUENCE:1');
    expect(moved[0]!.subject).toBe(`Appointment moved: Swedish Massage now on ${day} at 09:30 (${TZ})`);
  });

  it('refuses a taken or unoffered new time with 409, a past one with 400, and a cancelled appointment', async () => {
    const a = await bookOk(customerA.cookie, simpleBody(at(day, '09:00')));
    await bookOk(customerB.cookie, simpleBody(at(day, '11:00')));
    for (const time of ['11:00', '10:30', '16:30', '20:00']) {
      const res = await server.request('PUT', `/api/appointments/${a.id}/reschedule`, {
        cookie: customerA.cookie,
        body: { dateTime: at(day, time) },
      });
      expect(res.status, time).toBe(409);
      expect(res.body.message).toBe(SLOT_TAKEN_MESSAGE);
    }
    const past = await server.request('PUT', `/api/appointments/${a.id}/reschedule`, {
      cookie: customerA.cookie,
      body: { dateTime: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(past.status).toBe(400);
    const missing = await server.request('PUT', `/api/appointments/${a.id}/reschedule`, {
      cookie: customerA.cookie,
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please select an appointment time.');
    await server.request('POST', `/api/appointments/${a.id}/cancel`, { cookie: customerA.cookie });
    const cancelled = await server.request('PUT', `/api/appointments/${a.id}/reschedule`, {
      cookie: customerA.cookie,
      body: { dateTime: at(day, '13:00') },
    });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe('A cancelled appointment cannot be rescheduled.');
    const row = await server.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.id, a.id)));
    expect(row[0]!.startsAt.toISOString()).toBe(at(day, '09:00'));
  });

  it('lets staff who may make a change find the appointment for it without appointments.view, and show nothing more', async () => {
    const role = await server.request('POST', '/api/admin/roles', {
      cookie: admin,
      body: { name: 'cancel_desk', displayName: 'Cancel desk', permissions: ['appointments.cancel'] },
    });
    expect(role.status, role.text).toBe(200);
    const desk = await signInAs(server.database, 'cancel_desk');
    const editor = await signInAs(server.database, 'employee', { permissions: ['appointments.edit'] });
    const a = await bookOk(customerA.cookie, simpleBody(at(day, '09:00')));
    const b = await bookOk(customerA.cookie, simpleBody(at(day, '11:00')));
    const cancelled = await server.request('POST', `/api/appointments/${a.id}/cancel`, { cookie: desk.cookie });
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
    // Cancelling is all the role may do: the appointment is not shown to it, nor found for a move.
    expect((await server.request('GET', `/api/appointments/${b.id}`, { cookie: desk.cookie })).status).toBe(404);
    const deskMove = await server.request('PUT', `/api/appointments/${b.id}/reschedule`, {
      cookie: desk.cookie,
      body: { dateTime: at(day, '13:00') },
    });
    expect(deskMove.status).toBe(404);
    const moved = await server.request('PUT', `/api/appointments/${b.id}/reschedule`, {
      cookie: editor.cookie,
      body: { dateTime: at(day, '13:00') },
    });
    expect([moved.status, moved.body.dateTime]).toEqual([200, at(day, '13:00')]);
    const confirmed = await server.request('PUT', `/api/appointments/${b.id}/status`, {
      cookie: editor.cookie,
      body: { status: 'confirmed' },
    });
    expect([confirmed.status, confirmed.body.status]).toEqual([200, 'confirmed']);
    const editorCancel = await server.request('POST', `/api/appointments/${b.id}/cancel`, { cookie: editor.cookie });
    expect([editorCancel.status, editorCancel.body.status]).toEqual([200, 'cancelled']);
    expect((await server.request('GET', `/api/appointments/${b.id}`, { cookie: editor.cookie })).status).toBe(404);
    // An id that names no appointment is still not found.
    const unknown = await server.request('POST', '/api/appointments/00000000-0000-4000-8000-000000000000/cancel', {
      cookie: desk.cookie,
    });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Appointment not found']);
    await followUpsDone(server.db);
    const logged = await server.db
      .select({ entityId: auditLog.entityId, action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(inArray(auditLog.entityId, [a.id, b.id]));
    expect(logged).toHaveLength(4);
    expect(logged).toEqual(
      expect.arrayContaining([
        { entityId: a.id, action: 'appointment.cancelled', actorId: desk.user.id },
        { entityId: b.id, action: 'appointment.rescheduled', actorId: editor.user.id },
        { entityId: b.id, action: 'appointment.status_changed', actorId: editor.user.id },
        { entityId: b.id, action: 'appointment.cancelled', actorId: editor.user.id },
      ]),
    );
  });

  it('serves the same procedures over tRPC', async () => {
    const res = await server.request(
      'GET',
      `/api/trpc/appointments.slots?input=${encodeURIComponent(JSON.stringify({ serviceId: massage.id, date: day }))}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.result.data).toHaveLength(15);
  });
});
