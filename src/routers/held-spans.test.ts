import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/index';
import { queryRows } from '../../db/client';
import { sqlState } from '../../db/errors';
import { toZoned, zonedToInstant } from '../server/booking/zoned-time';
import { addCalendarDays } from '../shared/date-key';
import { bookableService, signInAs, useTestServer } from '../testing/test-server';
import { SLOT_TAKEN_MESSAGE } from '../shared/appointment-schema';

/*
 * Buffers over the REST contract: an appointment holds its employee over its held span [start - before,
 * end + after), for slots, bookings (a customer's, staff booking for a customer) and reschedules alike.
 */

const server = useTestServer();
const TZ = 'Europe/Berlin';

let admin: string;
let customer: { cookie: string; id: string };
let employeeId: string;
/** 30 minutes, 15 before and 30 after: held 45 minutes before a start is free again after 60. */
let colour: string;
let trim: string;
let day: string;

const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedToInstant(date, h! * 60 + m!, TZ).toISOString();
};
const slotTimes = async (serviceId: string, date = day) =>
  (
    (
      await server.request(
        'GET',
        `/api/appointments/slots?serviceId=${serviceId}&employeeId=${employeeId}&date=${date}`,
      )
    ).body as { time: string }[]
  ).map((s) => s.time);
const book = (cookie: string, serviceId: string, dateTime: string, extra: Record<string, unknown> = {}) =>
  server.request('POST', '/api/appointments', { cookie, body: { serviceId, dateTime, employeeId, ...extra } });

beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
  await server.request('PUT', '/api/business/settings', {
    cookie: admin,
    body: { businessName: 'Held', timezone: TZ },
  });
  const c = await signInAs(server.database, 'customer', { firstName: 'Cleo' });
  customer = { cookie: c.cookie, id: c.user.id };
  employeeId = (await signInAs(server.database, 'employee')).user.id;
  const created = await server.request('POST', '/api/services', {
    cookie: admin,
    body: {
      name: 'Colour',
      price: '60.00',
      duration: 30,
      bufferBeforeMinutes: 15,
      bufferAfterMinutes: 30,
      employeeIds: [employeeId],
    },
  });
  expect(created.status, created.text).toBe(200);
  colour = created.body.id;
  trim = await bookableService(
    server.db,
    employeeId,
    { name: 'Trim', price: '20.00', duration: 30 },
    { startTime: '09:00', endTime: '13:00' },
  );
  day = addCalendarDays(toZoned(new Date(), TZ).date, 3);
});

describe('held spans', () => {
  it('offers no start whose held span overlaps a booked held span, and the customer still sees start and end', async () => {
    const date = addCalendarDays(day, 1);
    expect(await slotTimes(colour, date)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
    ]);
    const booked = await book(customer.cookie, colour, at(date, '10:30'));
    expect(booked.status, booked.text).toBe(200);
    // The customer's appointment is still 10:30 for 30 minutes.
    expect(booked.body).toMatchObject({ dateTime: at(date, '10:30'), duration: 30, status: 'pending' });
    // Held 10:15–11:30. Another colour holds [s - 15, s + 60): 9:00 (held to 10:00) and 12:00 (from 11:45) fit;
    // 9:30 (held to 10:30) and 11:30 (from 11:15) would overlap it although their own times would not.
    expect(await slotTimes(colour, date)).toEqual(['09:00', '12:00', '12:30']);
    // A trim has no buffers of its own but may not touch the colour's held span either: 9:30–10:00 ends before
    // 10:15; 10:00 would run into it; 11:30 starts as the held span ends.
    expect(await slotTimes(trim, date)).toEqual(['09:00', '09:30', '11:30', '12:00', '12:30']);
    // A booking checks its start by the same spans: a colour at 11:30 would hold from 11:15, inside the booked span
    // by its own buffer before; at 9:00 it holds until 10:00, clear of the booked span.
    const refused = await book(customer.cookie, colour, at(date, '11:30'));
    expect(refused.status, refused.text).toBe(409);
    expect((await book(customer.cookie, colour, at(date, '09:00'))).status).toBe(200);
  });

  it('refuses a booking into a held span with 409, for a customer and for staff booking for a customer', async () => {
    const first = await book(customer.cookie, colour, at(day, '10:00'));
    expect(first.status, first.text).toBe(200);
    for (const [cookie, extra] of [
      [customer.cookie, {}],
      [admin, { customerId: customer.id, status: 'confirmed' }],
    ] as const) {
      // 10:30 is free by the appointment's own time (10:00–10:30) but inside its buffer after.
      const res = await book(cookie, trim, at(day, '10:30'), extra);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: SLOT_TAKEN_MESSAGE, code: 'CONFLICT' });
    }
    expect((await book(customer.cookie, trim, at(day, '11:00'))).status).toBe(200);
    const rows = await server.db
      .select({ startsAt: appointments.startsAt })
      .from(appointments)
      .where(eq(appointments.employeeId, employeeId));
    expect(rows.map((r) => r.startsAt.toISOString())).not.toContain(at(day, '10:30'));
  });

  it('keeps the appointment held span when the service buffers change later', async () => {
    const date = addCalendarDays(day, 2);
    expect((await book(customer.cookie, colour, at(date, '11:00'))).status).toBe(200);
    await server.request('PUT', `/api/services/${colour}`, { cookie: admin, body: { bufferAfterMinutes: 0 } });
    try {
      // The booked appointment still holds 10:45–12:00; a trim at 12:00 fits, at 11:30 it does not.
      expect(await slotTimes(trim, date)).toEqual(['09:00', '09:30', '10:00', '12:00', '12:30']);
    } finally {
      await server.request('PUT', `/api/services/${colour}`, { cookie: admin, body: { bufferAfterMinutes: 30 } });
    }
  });

  it('moves a reschedule only to a start whose held span is free, not counting its own', async () => {
    const date = addCalendarDays(day, 3);
    const moving = await book(customer.cookie, colour, at(date, '09:30'));
    expect((await book(customer.cookie, trim, at(date, '11:00'))).status).toBe(200);
    // 10:30 would hold until 11:30, over the trim at 11:00.
    const refused = await server.request('PUT', `/api/appointments/${moving.body.id}/reschedule`, {
      cookie: customer.cookie,
      body: { dateTime: at(date, '10:30') },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SLOT_TAKEN_MESSAGE);
    // Half an hour later overlaps its own held span only.
    const moved = await server.request('PUT', `/api/appointments/${moving.body.id}/reschedule`, {
      cookie: customer.cookie,
      body: { dateTime: at(date, '10:00') },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.dateTime).toBe(at(date, '10:00'));
  });

  it("computes a held span's bounds as exact minutes, whatever the session's time zone and across clock changes", async () => {
    // The generated columns' function, against PostgreSQL's own timestamptz arithmetic in a zone with clock changes.
    const rows = await server.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/New_York'`);
      return queryRows<{ same: boolean }>(
        tx,
        sql`
        select held_bound(t, m) = t + make_interval(mins => m) as same
        from unnest(array['2026-03-08 01:30-05', '2026-11-01 01:30-04', '2026-11-01 01:30-05', '2026-12-31 23:50+00']
          ::timestamptz[]) t, unnest(array[-240, -45, 0, 30, 90, 240]) m`,
      );
    });
    expect(rows).toHaveLength(24);
    expect(rows.every((r) => r.same)).toBe(true);
  });

  it('is enforced by the database: a held span overlapping another live one cannot be written', async () => {
    const date = addCalendarDays(day, 4);
    const start = new Date(at(date, '09:00'));
    const values = {
      serviceId: colour,
      employeeId,
      customerId: customer.id,
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      duration: 30,
      bufferAfterMinutes: 30,
    };
    await server.db.insert(appointments).values(values);
    const [held] = await server.db
      .select({ from: appointments.heldStartsAt, to: appointments.heldEndsAt })
      .from(appointments)
      .where(eq(appointments.startsAt, start));
    expect(held).toEqual({ from: start, to: new Date(start.getTime() + 60 * 60_000) });
    const later = new Date(start.getTime() + 45 * 60_000);
    const error = await server.db
      .insert(appointments)
      .values({ ...values, startsAt: later, endsAt: new Date(later.getTime() + 30 * 60_000), bufferAfterMinutes: 0 })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(sqlState(error)).toBe('23P01');
    // A cancelled appointment holds nothing.
    await server.db
      .insert(appointments)
      .values({ ...values, startsAt: later, endsAt: new Date(later.getTime() + 30 * 60_000), status: 'cancelled' });
  });
});
