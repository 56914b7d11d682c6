import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  appointments,
  dateOverrides,
  jobs,
  serviceProviders,
  webhookEndpoints,
  webhookDeliveries,
  webhookEvents,
} from '../../db/schema/index';
import { bookAppointment } from '../server/appointments/appointment-service';
import { createPayments } from '../server/payments/payments';
import { toZoned, zonedToInstant } from '../server/booking/zoned-time';
import { addCalendarDays } from '../shared/date-key';
import { getSettings } from '../server/settings/settings-service';
import { bookableService, followUpsDone, queuedMail, signInAs, useTestServer } from '../testing/test-server';
import { SLOT_TAKEN_MESSAGE } from '../shared/appointment-schema';

/** Recurring appointments (series): POST /api/appointments with `repeat`, listing by seriesId, cancel scope=series. */

const server = useTestServer();
const TZ = 'America/New_York';

type Person = { cookie: string; id: string };
let admin: Person;
let customer: Person;
let other: Person;
let maya: Person;
let liam: Person;
let physio: string;
let sportsMassage: string;
/** Three days ahead in the business zone: inside the window and beyond every notice, whatever today is. */
let day: string;

const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedToInstant(date, h! * 60 + m!, TZ).toISOString();
};
const weeksLater = (date: string, weeks: number) => addCalendarDays(date, weeks * 7);

async function person(role: 'admin' | 'customer' | 'employee', firstName: string): Promise<Person> {
  const { cookie, user } = await signInAs(server.database, role, { firstName });
  return { cookie, id: user.id };
}

beforeAll(async () => {
  admin = await person('admin', 'Ann');
  const settings = await server.request('PUT', '/api/business/settings', {
    cookie: admin.cookie,
    // A twelve-week series reaches far beyond the default 30-day window.
    body: { businessName: 'Physio', timezone: TZ, bookingWindowDays: 365 },
  });
  expect(settings.status, settings.text).toBe(200);
  customer = await person('customer', 'Ada');
  other = await person('customer', 'Bea');
  maya = await person('employee', 'Maya');
  liam = await person('employee', 'Liam');
  // Both work 09:00-17:00 every day of the week, so that any "today" has the same hours ahead. Maya alone does
  // physiotherapy; both do sports massage.
  const hours = { startTime: '09:00', endTime: '17:00' };
  physio = await bookableService(server.db, maya.id, { name: 'Physiotherapy', price: '70.00', duration: 60 }, hours);
  sportsMassage = await bookableService(
    server.db,
    liam.id,
    { name: 'Sports Massage', price: '80.00', duration: 60 },
    hours,
  );
  await server.db.insert(serviceProviders).values({ serviceId: sportsMassage, employeeId: maya.id });
  day = addCalendarDays(toZoned(new Date(), TZ).date, 3);
});

beforeEach(async () => {
  // The last test's follow-ups first: one still running would queue its mail into this test's.
  await followUpsDone(server.db);
  await server.db.delete(appointments);
  await server.db.delete(dateOverrides);
  await server.db.delete(jobs);
});

function book(cookie: string, body: Record<string, unknown>, headers?: Record<string, string>) {
  return server.request('POST', '/api/appointments', { cookie, body, headers });
}

const seriesBody = (frequency: string, count: number, extra: Record<string, unknown> = {}) => ({
  serviceId: physio,
  employeeId: maya.id,
  dateTime: at(day, '10:00'),
  repeat: { frequency, count },
  ...extra,
});

async function bookSeries(frequency: string, count: number, extra: Record<string, unknown> = {}) {
  const res = await book(customer.cookie, seriesBody(frequency, count, extra));
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string; seriesId: string; dateTime: string };
}

async function listSeries(cookie: string, seriesId: string) {
  const res = await server.request('GET', `/api/appointments?seriesId=${seriesId}`, { cookie });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string; dateTime: string; status: string; seriesId: string; employeeId: string }[];
}

describe('POST /api/appointments with repeat', () => {
  it('books every occurrence at the same local time, one week apart, and answers the first', async () => {
    const first = await bookSeries('weekly', 4);
    expect(first.dateTime).toBe(at(day, '10:00'));
    expect(first.seriesId).toEqual(expect.any(String));
    const listed = await listSeries(customer.cookie, first.seriesId);
    expect(listed.map((a) => a.dateTime)).toEqual([0, 1, 2, 3].map((w) => at(weeksLater(day, w), '10:00')));
    expect(listed.every((a) => a.seriesId === first.seriesId && a.status === 'pending')).toBe(true);
    expect(listed[0]!.id).toBe(first.id);
  });

  it('steps two weeks for biweekly', async () => {
    const first = await bookSeries('biweekly', 3);
    const listed = await listSeries(customer.cookie, first.seriesId);
    expect(listed.map((a) => a.dateTime)).toEqual([0, 2, 4].map((w) => at(weeksLater(day, w), '10:00')));
  });

  it('refuses a count outside 2 to 12 and an unknown frequency (400)', async () => {
    for (const body of [seriesBody('weekly', 1), seriesBody('weekly', 13), seriesBody('daily', 3)]) {
      const res = await book(customer.cookie, body);
      expect(res.status, res.text).toBe(400);
    }
    expect(await server.db.select().from(appointments)).toHaveLength(0);
  });

  it('books nothing and names the dates when some occurrences are not free (held span, day off)', async () => {
    // Another customer holds 10:30 in week 2 (it overlaps 10:00-11:00); Maya is off in week 3.
    const taken = await book(other.cookie, {
      serviceId: physio,
      employeeId: maya.id,
      dateTime: at(weeksLater(day, 2), '10:30'),
    });
    expect(taken.status, taken.text).toBe(200);
    await server.db.insert(dateOverrides).values({ employeeId: maya.id, date: weeksLater(day, 3), isAvailable: false });
    const res = await book(customer.cookie, seriesBody('weekly', 5));
    expect(res.status).toBe(409);
    const dates = [weeksLater(day, 2), weeksLater(day, 3)];
    // The message as it always was; `dates` lets a page write the same dates in its own language.
    expect(res.body).toEqual({ message: `Not available on ${dates.join(', ')}.`, code: 'CONFLICT', dates });
    const rows = await server.db.select().from(appointments);
    expect(rows.map((r) => r.customerId)).toEqual([other.id]);
    expect(await queuedMail(server.db, undefined)).toHaveLength(2); // the other customer's booking only

    // In Spanish, and on the React client's path (tRPC), the dates are the same machine-readable ones.
    const spanish = await book(customer.cookie, seriesBody('weekly', 5), { 'accept-language': 'es' });
    expect(spanish.status).toBe(409);
    expect(spanish.body).toEqual({
      message: `No disponible en estas fechas: ${dates.join(', ')}.`,
      code: 'CONFLICT',
      dates,
    });
    const trpc = await server.request('POST', '/api/trpc/appointments.book', {
      cookie: customer.cookie,
      body: seriesBody('weekly', 5),
    });
    expect(trpc.status).toBe(409);
    expect((trpc.body as { error: { data: { dates?: string[] } } }).error.data.dates).toEqual(dates);
  });

  it('checks the booking window for every occurrence', async () => {
    const window = (bookingWindowDays: number) =>
      server.request('PUT', '/api/business/settings', {
        cookie: admin.cookie,
        body: { businessName: 'Physio', bookingWindowDays },
      });
    // Today + 3 days, then weekly: the fourth occurrence (today + 24) lies beyond a 20-day window.
    expect((await window(20)).status).toBe(200);
    try {
      const res = await book(customer.cookie, seriesBody('weekly', 4));
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`Not available on ${weeksLater(day, 3)}.`);
      expect(res.body.dates).toEqual([weeksLater(day, 3)]);
    } finally {
      expect((await window(365)).status).toBe(200);
    }
  });

  it('says the single-booking sentence when there is no repeat', async () => {
    await bookSeries('weekly', 2);
    const res = await book(other.cookie, { serviceId: physio, employeeId: maya.id, dateTime: at(day, '10:00') });
    expect(res.status).toBe(409);
    // No dates: a single booking's refusal is about its one time.
    expect(res.body).toEqual({ message: SLOT_TAKEN_MESSAGE, code: 'CONFLICT' });
  });

  it('with no employee named, gives the whole series to one provider free on every date', async () => {
    // Liam (first in order, and free on the first date) is busy in week 1, so Maya takes all three.
    const taken = await book(other.cookie, {
      serviceId: sportsMassage,
      employeeId: liam.id,
      dateTime: at(weeksLater(day, 1), '10:00'),
    });
    expect(taken.status, taken.text).toBe(200);
    const res = await book(customer.cookie, { ...seriesBody('weekly', 3), serviceId: sportsMassage, employeeId: null });
    expect(res.status, res.text).toBe(200);
    const listed = await listSeries(customer.cookie, res.body.seriesId);
    expect(listed.map((a) => a.employeeId)).toEqual([maya.id, maya.id, maya.id]);
  });

  it('sends an invitation and schedules reminders per occurrence, and emits one event each', async () => {
    const [endpoint] = await server.db
      .insert(webhookEndpoints)
      .values({ url: 'http://127.0.0.1:9/hook', events: ['appointment.created'], secret: 'whsec_dGVzdA==' })
      .returning();
    try {
      const first = await bookSeries('weekly', 3);
      const ids = (await listSeries(customer.cookie, first.seriesId)).map((a) => a.id);
      const mail = await queuedMail(server.db);
      // The customer and the employee, for each occurrence: each invitation is its own calendar event.
      expect(mail).toHaveLength(6);
      const uids = new Set(mail.map((m) => /UID:(\S+)/.exec(m.icalEvent ?? '')?.[1]));
      expect(uids).toEqual(new Set(ids.map((id) => `appointment-${id}@localhost`)));
      const reminders = await server.db.select().from(jobs).where(eq(jobs.kind, 'reminder'));
      // Two default offsets (24 h and 2 h) per occurrence.
      expect(reminders.map((j) => (j.payload as { appointmentId: string }).appointmentId).sort()).toEqual(
        [...ids, ...ids].sort(),
      );
      // Every event is kept (GET /api/events), those of earlier tests too: this endpoint's deliveries say which.
      const events = await server.db
        .select({ data: webhookEvents.data })
        .from(webhookEvents)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.eventId, webhookEvents.id))
        .where(and(eq(webhookEvents.type, 'appointment.created'), eq(webhookDeliveries.endpointId, endpoint!.id)));
      expect(events.map((e) => (e.data as { id: string }).id).sort()).toEqual([...ids].sort());
    } finally {
      await server.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id));
    }
  });

  it('makes one series of twenty identical requests with one Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': `series-${day}` };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => book(customer.cookie, seriesBody('weekly', 6), headers)),
    );
    const ok = results.filter((r) => r.status === 200);
    // A repeat that arrives while the first still runs is 409; every other one replays the first answer.
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(new Set(ok.map((r) => r.body.id)).size).toBe(1);
    const rows = await server.db.select().from(appointments);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.seriesId)).size).toBe(1);
    const again = await book(customer.cookie, seriesBody('weekly', 6), headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await server.db.select().from(appointments)).toHaveLength(6);
  });
});

describe('GET /api/appointments?seriesId=', () => {
  it('lists a series to its customer and to staff, not to another customer; an unknown id lists nothing', async () => {
    const first = await bookSeries('weekly', 2);
    expect(await listSeries(customer.cookie, first.seriesId)).toHaveLength(2);
    expect(await listSeries(admin.cookie, first.seriesId)).toHaveLength(2);
    expect(await listSeries(other.cookie, first.seriesId)).toEqual([]);
    expect(await listSeries(admin.cookie, 'not-a-series')).toEqual([]);
  });

  it('a single booking has no series', async () => {
    const res = await book(customer.cookie, { serviceId: physio, employeeId: maya.id, dateTime: at(day, '15:00') });
    expect(res.body.seriesId).toBeNull();
  });
});

describe('cancel and reschedule within a series', () => {
  it('scope=series cancels this occurrence and the later ones, each with its own cancellation', async () => {
    const first = await bookSeries('weekly', 4);
    const ids = (await listSeries(customer.cookie, first.seriesId)).map((a) => a.id);
    // The booking's invitations are sent before its jobs go: one running as they are deleted would still queue them.
    await followUpsDone(server.db);
    await server.db.delete(jobs);
    const res = await server.request('POST', `/api/appointments/${ids[1]}/cancel?scope=series`, {
      cookie: customer.cookie,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: ids[1], status: 'cancelled' });
    const after = await listSeries(customer.cookie, first.seriesId);
    expect(after.map((a) => a.status)).toEqual(['pending', 'cancelled', 'cancelled', 'cancelled']);
    const mail = await queuedMail(server.db, undefined);
    expect(mail).toHaveLength(6);
    expect(mail.every((m) => (m.icalEvent ?? '').includes('STATUS:CANCELLED'))).toBe(true);
    // The first occurrence keeps its reminders; the cancelled ones have none left to send.
    const reminders = await server.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'reminder'), eq(jobs.status, 'pending')));
    expect(reminders.every((j) => (j.payload as { appointmentId: string }).appointmentId === ids[0])).toBe(true);
  });

  it('without a scope cancels only the one occurrence', async () => {
    const first = await bookSeries('weekly', 3);
    const res = await server.request('POST', `/api/appointments/${first.id}/cancel`, { cookie: customer.cookie });
    expect(res.status, res.text).toBe(200);
    const after = await listSeries(customer.cookie, first.seriesId);
    expect(after.map((a) => a.status)).toEqual(['cancelled', 'pending', 'pending']);
    const bad = await server.request('POST', `/api/appointments/${after[1]!.id}/cancel?scope=all`, {
      cookie: customer.cookie,
    });
    expect(bad.status).toBe(400);
  });

  it('rescheduling moves one occurrence and keeps it in the series', async () => {
    const first = await bookSeries('weekly', 3);
    const ids = (await listSeries(customer.cookie, first.seriesId)).map((a) => a.id);
    const res = await server.request('PUT', `/api/appointments/${ids[1]}/reschedule`, {
      cookie: customer.cookie,
      body: { dateTime: at(weeksLater(day, 1), '14:00') },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.seriesId).toBe(first.seriesId);
    const after = await listSeries(customer.cookie, first.seriesId);
    expect(after.map((a) => a.dateTime)).toEqual([
      at(day, '10:00'),
      at(weeksLater(day, 1), '14:00'),
      at(weeksLater(day, 2), '10:00'),
    ]);
  });
});

describe('a weekly series across a clock change', () => {
  it('keeps its local time when New York springs forward on 2027-03-14', async () => {
    const settings = await getSettings(server.db);
    const { user } = await signInAs(server.database, 'customer');
    // The business "today" is fixed here, so that the dates lie ahead whatever day the test runs.
    const env = {
      settings,
      now: new Date('2027-03-01T12:00:00Z'),
      publicUrl: 'http://localhost:3000',
      payments: createPayments([]),
      locale: 'en' as const,
    };
    const first = await bookAppointment(
      server.db,
      { ...user, permissions: [] },
      {
        serviceId: physio,
        employeeId: maya.id,
        dateTime: '2027-03-09T15:00:00Z',
        repeat: { frequency: 'weekly', count: 3 },
      },
      env,
    );
    const rows = await server.db
      .select({ startsAt: appointments.startsAt })
      .from(appointments)
      .where(inArray(appointments.seriesId, [first.seriesId!]))
      .orderBy(appointments.startsAt);
    // 10:00 EST is 15:00 UTC; after the change 10:00 EDT is 14:00 UTC.
    expect(rows.map((r) => r.startsAt.toISOString())).toEqual([
      '2027-03-09T15:00:00.000Z',
      '2027-03-16T14:00:00.000Z',
      '2027-03-23T14:00:00.000Z',
    ]);
    expect(rows.map((r) => toZoned(r.startsAt, TZ))).toEqual([
      { date: '2027-03-09', minutes: 600 },
      { date: '2027-03-16', minutes: 600 },
      { date: '2027-03-23', minutes: 600 },
    ]);
  });
});
