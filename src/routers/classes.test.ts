import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, serviceProviders } from '../../db/schema/index';
import { toZoned, zonedToInstant } from '../server/booking/zoned-time';
import { addCalendarDays } from '../shared/date-key';
import { bookableService, signInAs, useTestServer } from '../testing/test-server';
import { CLASS_FULL_MESSAGE, SEAT_TAKEN_MESSAGE, SLOT_TAKEN_MESSAGE } from '../shared/appointment-schema';

/*
 * Classes over the REST contract: a service with capacity above 1 seats up to that many customers at one start
 * with one employee, whose time is held once for the whole session.
 */

const server = useTestServer();
const TZ = 'Europe/Madrid';

let admin: string;
let employeeId: string;
/** Capacity 3, an hour, 15 minutes after. */
let yoga: string;
/** An ordinary half hour with the same employee. */
let trim: string;
let customers: { cookie: string; id: string }[];
let day: string;

const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedToInstant(date, h! * 60 + m!, TZ).toISOString();
};
const slots = async (serviceId: string, date: string) =>
  (await server.request('GET', `/api/appointments/slots?serviceId=${serviceId}&employeeId=${employeeId}&date=${date}`))
    .body as { time: string; seatsLeft: number }[];
const seatsAt = async (serviceId: string, date: string, time: string) =>
  (await slots(serviceId, date)).find((s) => s.time === time)?.seatsLeft ?? 0;
const book = (cookie: string, serviceId: string, dateTime: string, extra: Record<string, unknown> = {}) =>
  server.request('POST', '/api/appointments', { cookie, body: { serviceId, dateTime, employeeId, ...extra } });

beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
  await server.request('PUT', '/api/business/settings', {
    cookie: admin,
    body: { businessName: 'Studio', timezone: TZ },
  });
  employeeId = (await signInAs(server.database, 'employee')).user.id;
  const created = await server.request('POST', '/api/services', {
    cookie: admin,
    body: {
      name: 'Group yoga',
      price: '15.00',
      duration: 60,
      bufferAfterMinutes: 15,
      capacity: 3,
      employeeIds: [employeeId],
    },
  });
  expect(created.status, created.text).toBe(200);
  expect(created.body.capacity).toBe(3);
  yoga = created.body.id;
  trim = await bookableService(
    server.db,
    employeeId,
    { name: 'Trim', price: '20.00', duration: 30 },
    { startTime: '09:00', endTime: '13:00' },
  );
  customers = await Promise.all(
    Array.from({ length: 5 }, async () => {
      const c = await signInAs(server.database, 'customer');
      return { cookie: c.cookie, id: c.user.id };
    }),
  );
  day = addCalendarDays(toZoned(new Date(), TZ).date, 3);
});

describe('capacity on services', () => {
  it('defaults to 1 and is refused outside 1 to 100 with a sentence', async () => {
    const trimmed = await server.request('GET', `/api/services/${trim}`);
    expect(trimmed.body.capacity).toBe(1);
    for (const [capacity, message] of [
      [0, 'Capacity must be at least 1'],
      [101, 'Capacity must be at most 100'],
      [2.5, 'Capacity must be a whole number'],
    ] as const) {
      const res = await server.request('PUT', `/api/services/${trim}`, { cookie: admin, body: { capacity } });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await server.request('GET', `/api/services/${trim}`)).body.capacity).toBe(1);
  });
});

describe('a class session', () => {
  it('offers every start with its seats left; an ordinary service has 1', async () => {
    expect((await slots(yoga, day)).map((s) => [s.time, s.seatsLeft])).toEqual([
      ['09:00', 3],
      ['09:30', 3],
      ['10:00', 3],
      ['10:30', 3],
      ['11:00', 3],
      ['11:30', 3],
      ['12:00', 3],
    ]);
    expect((await slots(trim, day)).every((s) => s.seatsLeft === 1)).toBe(true);
  });

  it('seats up to capacity at one start, holds the time once, then is full and no longer offered', async () => {
    const dateTime = at(day, '10:00');
    const booked = [];
    for (const [i, c] of customers.slice(0, 3).entries()) {
      const res = await book(c.cookie, yoga, dateTime);
      expect(res.status, res.text).toBe(200);
      booked.push(res.body);
      expect(await seatsAt(yoga, day, '10:00')).toBe(2 - i);
    }
    expect(new Set(booked.map((b) => b.sessionId)).size).toBe(1);
    expect(booked[0].sessionId).toEqual(expect.any(String));

    const full = await book(customers[3]!.cookie, yoga, dateTime);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(CLASS_FULL_MESSAGE);
    expect((await slots(yoga, day)).map((s) => s.time)).not.toContain('10:00');
    // The session holds 10:00 to 11:15 (15 minutes after) once: yoga at 9:00 (held to 10:15) would overlap it too.
    expect((await slots(yoga, day)).map((s) => s.time)).toEqual(['11:30', '12:00']);

    // Another service cannot be booked into the session's time.
    expect((await slots(trim, day)).map((s) => s.time)).toEqual(['09:00', '09:30', '11:30', '12:00', '12:30']);
    const other = await book(customers[3]!.cookie, trim, at(day, '10:30'));
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(SLOT_TAKEN_MESSAGE);

    const rows = await server.db
      .select()
      .from(appointments)
      .where(eq(appointments.startsAt, new Date(dateTime)));
    expect(rows.map((r) => r.seat).sort()).toEqual([1, 2, 3]);
  });

  it('refuses a second seat for the same customer', async () => {
    const dateTime = at(day, '12:00');
    expect((await book(customers[0]!.cookie, yoga, dateTime)).status).toBe(200);
    const again = await book(customers[0]!.cookie, yoga, dateTime);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SEAT_TAKEN_MESSAGE);
    expect(await seatsAt(yoga, day, '12:00')).toBe(2);
  });

  it('refuses a seat with another employee at a start where the customer already has one', async () => {
    const teachers = [employeeId, (await signInAs(server.database, 'employee')).user.id];
    const pilates = await bookableService(
      server.db,
      teachers[1]!,
      { name: 'Pilates', price: '12.00', duration: 60, capacity: 4 },
      { startTime: '09:00', endTime: '13:00' },
    );
    // The first employee has hours already (the trim's): they teach it too.
    await server.db.insert(serviceProviders).values({ serviceId: pilates, employeeId });
    const dateTime = at(addCalendarDays(day, 2), '10:00');
    const customer = customers[4]!;
    const one = await book(customer.cookie, pilates, dateTime, { employeeId: teachers[1] });
    expect(one.status, one.text).toBe(200);
    const other = await book(customer.cookie, pilates, dateTime, { employeeId: teachers[0] });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(SEAT_TAKEN_MESSAGE);
    const rows = await server.db
      .select({ employeeId: appointments.employeeId })
      .from(appointments)
      .where(eq(appointments.serviceId, pilates));
    expect(rows).toEqual([{ employeeId: teachers[1] }]);
  });

  it('cancelling one seat frees one seat; reopening it when the class has filled again is refused', async () => {
    const dateTime = at(day, '10:00');
    const [first] = await server.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.customerId, customers[0]!.id));
    const cancelled = await server.request('POST', `/api/appointments/${first!.id}/cancel`, {
      cookie: customers[0]!.cookie,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await seatsAt(yoga, day, '10:00')).toBe(1);
    const seat = await book(customers[3]!.cookie, yoga, dateTime);
    expect(seat.status, seat.text).toBe(200);
    const reopened = await server.request('PUT', `/api/appointments/${first!.id}/status`, {
      cookie: admin,
      body: { status: 'confirmed' },
    });
    expect(reopened.status).toBe(409);
    expect(reopened.body.message).toBe(CLASS_FULL_MESSAGE);
  });

  it('moves a seat into another session, or refuses when that one is full', async () => {
    const date = addCalendarDays(day, 1);
    const a = await book(customers[0]!.cookie, yoga, at(date, '09:00'));
    const b = await book(customers[1]!.cookie, yoga, at(date, '11:00'));
    expect([a.status, b.status]).toEqual([200, 200]);
    const moved = await server.request('PUT', `/api/appointments/${a.body.id}/reschedule`, {
      cookie: customers[0]!.cookie,
      body: { dateTime: at(date, '11:00') },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.sessionId).toBe(b.body.sessionId);
    expect(await seatsAt(yoga, date, '11:00')).toBe(1);
    expect(await seatsAt(yoga, date, '09:00')).toBe(3);

    expect((await book(customers[2]!.cookie, yoga, at(date, '11:00'))).status).toBe(200);
    const c = await book(customers[3]!.cookie, yoga, at(date, '09:00'));
    const refused = await server.request('PUT', `/api/appointments/${c.body.id}/reschedule`, {
      cookie: customers[3]!.cookie,
      body: { dateTime: at(date, '11:00') },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CLASS_FULL_MESSAGE);
  });

  it('a series of a class books a seat each week, and is refused whole when one week is full', async () => {
    const first = addCalendarDays(day, 7);
    const series = await book(customers[4]!.cookie, yoga, at(first, '09:00'), {
      repeat: { frequency: 'weekly', count: 3 },
    });
    expect(series.status, series.text).toBe(200);
    for (const week of [0, 7, 14]) expect(await seatsAt(yoga, addCalendarDays(first, week), '09:00')).toBe(2);

    // The second week fills up; a series through it is refused naming that date, and books nothing.
    const full = addCalendarDays(first, 7);
    for (const c of customers.slice(0, 2)) expect((await book(c.cookie, yoga, at(full, '09:00'))).status).toBe(200);
    const refused = await book(customers[3]!.cookie, yoga, at(first, '09:00'), {
      repeat: { frequency: 'weekly', count: 2 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Not available on ${full}.`);
    expect(await seatsAt(yoga, first, '09:00')).toBe(2);
  });
});
