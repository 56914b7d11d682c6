import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointmentReminders, jobs, waitlistEntries } from '../../db/schema/index';
import { reminderJob } from '../server/appointments/reminders';
import { toZoned, zonedToInstant } from '../server/booking/zoned-time';
import { addCalendarDays, weekdayOf } from '../shared/date-key';
import { bookableService, followUpsDone, queuedMail, signInAs, useTestServer } from '../testing/test-server';
import { WAITLIST_DUPLICATE_MESSAGE } from '../shared/waitlist-schema';

/*
 * Reminders and the waitlist over the REST contract: the jobs a booking, reschedule and cancellation queue, what
 * a reminder job sends (once), the offsets setting, and the waitlist calls and its "A time opened up" mail.
 */

const server = useTestServer();
const TZ = 'America/New_York';
const MINUTE = 60_000;

let admin: string;
let customer: { cookie: string; id: string; email: string };
let employeeId: string;
let serviceId: string;
let day: string;

const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedToInstant(date, h! * 60 + m!, TZ).toISOString();
};
// The reminders are scheduled by a subscriber of the appointment's events, once it has run.
const reminderJobs = async (appointmentId: string) => {
  await followUpsDone(server.db);
  return server.db
    .select({ status: jobs.status, runAt: jobs.runAt, key: jobs.uniqueKey })
    .from(jobs)
    .where(and(eq(jobs.kind, 'reminder'), like(jobs.uniqueKey, `reminder:${appointmentId}:%`)))
    .orderBy(jobs.runAt);
};
const book = (dateTime: string) =>
  server.request('POST', '/api/appointments', { cookie: customer.cookie, body: { serviceId, dateTime, employeeId } });

beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
  await server.request('PUT', '/api/business/settings', {
    cookie: admin,
    body: { businessName: 'Glow', timezone: TZ },
  });
  const c = await signInAs(server.database, 'customer', { firstName: 'Wren' });
  customer = { cookie: c.cookie, id: c.user.id, email: c.user.email };
  employeeId = (await signInAs(server.database, 'employee', { firstName: 'Ivo', lastName: 'Hart' })).user.id;
  serviceId = await bookableService(
    server.db,
    employeeId,
    { name: 'Hot Stone Massage', price: '90.00', duration: 60 },
    { startTime: '09:00', endTime: '11:00' },
  );
  day = addCalendarDays(toZoned(new Date(), TZ).date, 3);
});

describe('reminders', () => {
  it('has the offsets setting: default [1440, 120], a PUT without it keeps it, bad values are 400', async () => {
    const settings = await server.request('GET', '/api/business/settings');
    expect(settings.body.reminderOffsetsMinutes).toEqual([1440, 120]);
    const bad = await server.request('PUT', '/api/business/settings', {
      cookie: admin,
      body: { businessName: 'Glow', reminderOffsetsMinutes: [60, 30, 15, 5] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('At most 3 reminders');
    const tooSoon = await server.request('PUT', '/api/business/settings', {
      cookie: admin,
      body: { businessName: 'Glow', reminderOffsetsMinutes: [2] },
    });
    expect(tooSoon.status).toBe(400);
    await server.request('PUT', '/api/business/settings', { cookie: admin, body: { businessName: 'Glow' } });
    expect((await server.request('GET', '/api/business/settings')).body.reminderOffsetsMinutes).toEqual([1440, 120]);
  });

  it('queues one reminder per offset at start − offset; a reschedule moves them; a cancellation drops them', async () => {
    const booked = await book(at(day, '09:00'));
    expect(booked.status, booked.text).toBe(200);
    const start = Date.parse(at(day, '09:00'));
    expect((await reminderJobs(booked.body.id)).map((j) => [j.status, j.runAt.getTime()])).toEqual([
      ['pending', start - 1440 * MINUTE],
      ['pending', start - 120 * MINUTE],
    ]);
    const later = at(addCalendarDays(day, 1), '10:00');
    await server.request('PUT', `/api/appointments/${booked.body.id}/reschedule`, {
      cookie: customer.cookie,
      body: { dateTime: later },
    });
    const moved = (await reminderJobs(booked.body.id)).filter((j) => j.status === 'pending');
    expect(moved.map((j) => j.runAt.getTime())).toEqual([
      Date.parse(later) - 1440 * MINUTE,
      Date.parse(later) - 120 * MINUTE,
    ]);
    await server.request('POST', `/api/appointments/${booked.body.id}/cancel`, { cookie: customer.cookie });
    expect((await reminderJobs(booked.body.id)).filter((j) => j.status === 'pending')).toEqual([]);
  });

  it('skips an offset already past at booking', async () => {
    // Tomorrow-ish is less than 1440 minutes away only sometimes; a booking inside the day surely is.
    const soon = addCalendarDays(toZoned(new Date(), TZ).date, 1);
    const booked = await book(at(soon, '10:00'));
    if (booked.status !== 200) return; // the notice made that time unbookable: nothing to check
    const start = Date.parse(at(soon, '10:00'));
    const runAts = (await reminderJobs(booked.body.id)).map((j) => j.runAt.getTime());
    expect(runAts.every((t) => t > Date.now() - MINUTE)).toBe(true);
    expect(runAts).toContain(start - 120 * MINUTE);
    await server.request('POST', `/api/appointments/${booked.body.id}/cancel`, { cookie: admin });
  });

  it('sends the reminder once, with the service, employee, local time, /profile link and .ics; never when cancelled', async () => {
    const date = addCalendarDays(day, 5);
    const booked = await book(at(date, '10:00'));
    const job = reminderJob({ database: server.database, publicUrl: 'http://localhost:3000' });
    await job.run({ appointmentId: booked.body.id, offsetMinutes: 120 }, { id: 'x', attempts: 1 });
    await job.run({ appointmentId: booked.body.id, offsetMinutes: 120 }, { id: 'x', attempts: 2 });
    const mail = (await queuedMail(server.db, customer.email)).filter((m) => m.subject.includes('Reminder'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Reminder: Hot Stone Massage on ${date} at 10:00 (${TZ})`);
    expect(mail[0]!.text).toContain('Hot Stone Massage with Ivo Hart');
    expect(mail[0]!.text).toContain('http://localhost:3000/profile');
    expect(mail[0]!.icalEvent).toContain(`UID:appointment-${booked.body.id}@localhost`);
    const sent = await server.db
      .select()
      .from(appointmentReminders)
      .where(eq(appointmentReminders.appointmentId, booked.body.id));
    expect(sent).toHaveLength(1);
    // Staff see on the appointment which reminders went.
    const seen = await server.request('GET', `/api/appointments/${booked.body.id}`, { cookie: admin });
    expect(seen.body.remindersSent).toEqual([{ offsetMinutes: 120, sentAt: expect.any(String) }]);

    await server.request('POST', `/api/appointments/${booked.body.id}/cancel`, { cookie: admin });
    await job.run({ appointmentId: booked.body.id, offsetMinutes: 1440 }, { id: 'y', attempts: 1 });
    expect((await queuedMail(server.db, customer.email)).filter((m) => m.subject.includes('Reminder'))).toHaveLength(1);
  });
});

describe('waitlist', () => {
  it('joins, lists own entries, refuses duplicates (409) and dates outside the window (400), leaves (others 404)', async () => {
    const joined = await server.request('POST', '/api/waitlist', {
      cookie: customer.cookie,
      body: { serviceId, date: addCalendarDays(day, 10) },
    });
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body).toEqual({
      id: expect.any(String),
      serviceId,
      serviceName: 'Hot Stone Massage',
      employeeId: null,
      employeeName: null,
      locationId: expect.any(String),
      date: addCalendarDays(day, 10),
      createdAt: expect.any(String),
    });
    const again = await server.request('POST', '/api/waitlist', {
      cookie: customer.cookie,
      body: { serviceId, date: addCalendarDays(day, 10) },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(WAITLIST_DUPLICATE_MESSAGE);
    for (const date of [addCalendarDays(day, -5), addCalendarDays(day, 60)]) {
      const res = await server.request('POST', '/api/waitlist', { cookie: customer.cookie, body: { serviceId, date } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^Please choose a date from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\.$/);
    }
    // An entry whose day has passed is no longer listed.
    await server.db
      .insert(waitlistEntries)
      .values({ customerId: customer.id, serviceId, date: addCalendarDays(toZoned(new Date(), TZ).date, -1) });
    expect((await server.request('GET', '/api/waitlist', { cookie: customer.cookie })).body).toEqual([joined.body]);
    const stranger = (await signInAs(server.database, 'customer')).cookie;
    expect((await server.request('GET', '/api/waitlist', { cookie: stranger })).body).toEqual([]);
    expect((await server.request('DELETE', `/api/waitlist/${joined.body.id}`, { cookie: stranger })).status).toBe(404);
    expect(
      (await server.request('DELETE', `/api/waitlist/${joined.body.id}`, { cookie: customer.cookie })).status,
    ).toBe(200);
    expect((await server.request('GET', '/api/waitlist', { cookie: customer.cookie })).body).toEqual([]);
    expect((await server.request('POST', '/api/waitlist', { body: { serviceId, date: day } })).status).toBe(401);
  });

  it('mails each waiting customer "A time opened up" once when a cancellation frees the day', async () => {
    const date = addCalendarDays(day, 8);
    // The day's two hours are booked: no slot left.
    const first = await book(at(date, '09:00'));
    const second = await book(at(date, '10:00'));
    expect([first.status, second.status]).toEqual([200, 200]);
    const waiter = await signInAs(server.database, 'customer', { firstName: 'Tess' });
    const entry = await server.request('POST', '/api/waitlist', {
      cookie: waiter.cookie,
      body: { serviceId, date, employeeId },
    });
    expect(entry.status, entry.text).toBe(200);
    await server.request('POST', `/api/appointments/${first.body.id}/cancel`, { cookie: customer.cookie });
    const mail = await openedMail(waiter.user.email);
    expect(mail.subject).toBe(`A time opened up: Hot Stone Massage on ${date}`);
    const [location] = (await server.request('GET', '/api/locations')).body;
    expect(mail.text).toContain(
      `/employee-booking?service=${serviceId}&location=${location.id}&date=${date}&employee=${employeeId}`,
    );
    expect((await server.request('GET', '/api/waitlist', { cookie: waiter.cookie })).body).toEqual([]);
  });

  /** A customer waiting for a full day (both of its hours booked) with Ivo. */
  async function waitingFor(date: string) {
    for (const time of ['09:00', '10:00']) expect((await book(at(date, time))).status).toBe(200);
    const waiter = await signInAs(server.database, 'customer');
    const entry = await server.request('POST', '/api/waitlist', {
      cookie: waiter.cookie,
      body: { serviceId, date, employeeId },
    });
    expect(entry.status, entry.text).toBe(200);
    expect(entry.body).toMatchObject({ serviceName: 'Hot Stone Massage', employeeName: 'Ivo Hart' });
    return waiter.user.email;
  }

  it('mails the waiting customers when new weekly hours give the day more time', async () => {
    const date = addCalendarDays(day, 12);
    const email = await waitingFor(date);
    const added = await server.request('POST', '/api/employee-availability', {
      cookie: admin,
      body: { employeeId, dayOfWeek: weekdayOf(date), startTime: '13:00', endTime: '15:00', isAvailable: true },
    });
    expect(added.status, added.text).toBe(200);
    expect((await openedMail(email)).subject).toBe(`A time opened up: Hot Stone Massage on ${date}`);
  });

  it('mails the waiting customers when special hours are set for the date, or a day off ends', async () => {
    const special = addCalendarDays(day, 13);
    const specialWaiter = await waitingFor(special);
    const hours = await server.request('POST', '/api/availability-overrides', {
      cookie: admin,
      body: { employeeId, date: special, isAvailable: true, startTime: '12:00', endTime: '13:00' },
    });
    expect(hours.status, hours.text).toBe(200);
    expect((await openedMail(specialWaiter)).subject).toBe(`A time opened up: Hot Stone Massage on ${special}`);

    const off = addCalendarDays(day, 14);
    const dayOff = await server.request('POST', '/api/availability-overrides', {
      cookie: admin,
      body: { employeeId, date: off, isAvailable: false },
    });
    expect(dayOff.status, dayOff.text).toBe(200);
    const offWaiter = await signInAs(server.database, 'customer');
    await server.request('POST', '/api/waitlist', { cookie: offWaiter.cookie, body: { serviceId, date: off } });
    await server.request('DELETE', `/api/availability-overrides/${dayOff.body.id}`, { cookie: admin });
    expect((await openedMail(offWaiter.user.email)).subject).toBe(`A time opened up: Hot Stone Massage on ${off}`);
  });
});

/** The one "A time opened up" mail queued for this address, once the waitlist job has run. */
async function openedMail(email: string) {
  let mail: Awaited<ReturnType<typeof queuedMail>> = [];
  for (let i = 0; i < 100 && !mail.length; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    mail = (await queuedMail(server.db, email)).filter((m) => m.subject.includes('A time opened up'));
  }
  expect(mail).toHaveLength(1);
  return mail[0]!;
}
