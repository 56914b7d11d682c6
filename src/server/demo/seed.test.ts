import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client';
import * as s from '../../../db/schema/index';
import { minutesOfTime, toZoned } from '../booking/zoned-time';
import { weekdayOf } from '../../shared/date-key';
import { createTestDatabase } from '../../testing/test-server';
import { moveDemoPictures, seedDemoData } from './seed';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

// The days `npm run test:dates` runs on, and two ordinary ones (Maya's day off then falls on a weekday).
const days = {
  'a Sunday': '2026-11-29T15:00:00Z',
  'the day clocks go back': '2026-11-01T05:30:00Z',
  'the day clocks go forward': '2027-03-14T06:30:00Z',
  '31 December': '2026-12-31T16:00:00Z',
  '23:30 business time': '2026-12-10T04:30:00Z',
  'a Monday': '2026-11-23T14:00:00Z',
  'a Tuesday morning': '2027-06-08T12:00:00Z',
  'the first minutes of a month': '2026-12-01T05:10:00Z',
};

class RolledBack extends Error {}

/** Seeds the demo as of `now` in a transaction, reads what it made, and rolls it all back. */
async function demoAsOf(now: Date) {
  let seen: Awaited<ReturnType<typeof read>> | undefined;
  async function read(tx: Db) {
    const [settings] = await tx.select().from(s.businessSettings);
    return {
      timezone: settings!.timezone,
      weekly: await tx.select().from(s.weeklyHours),
      overrides: await tx.select().from(s.dateOverrides),
      appointments: await tx.select().from(s.appointments),
      providers: await tx.select().from(s.serviceProviders),
      connections: await tx.select().from(s.calendarConnections),
      busy: await tx.select().from(s.externalBusy),
      orders: await tx.select().from(s.orders),
    };
  }
  await expect(
    database.db.transaction(async (tx) => {
      await seedDemoData(tx, { publicUrl: 'http://localhost', now });
      seen = await read(tx);
      throw new RolledBack();
    }),
  ).rejects.toBeInstanceOf(RolledBack);
  return seen!;
}

describe('demo data', () => {
  it("connects calendars: Maya's blocks a dentist visit and a weekly school run ahead; Liam's shows its error", async () => {
    const now = new Date(days['a Monday']);
    const demo = await demoAsOf(now);
    expect(demo.connections.map((c) => [c.kind, c.status, c.lastError])).toEqual([
      ['ics', 'ok', null],
      ['ics', 'error', 'That address did not answer with a calendar.'],
    ]);
    // Eight school runs and the dentist, all ahead of now.
    expect(demo.busy).toHaveLength(9);
    expect(demo.busy.every((b) => b.startsAt > now)).toBe(true);
  });

  it.each(Object.entries(days))(
    'seeded on %s, puts every appointment at its time inside its employee’s hours that day',
    async (_, at) => {
      const demo = await demoAsOf(new Date(at));
      expect(demo.appointments.length).toBeGreaterThan(100);
      const outside = demo.appointments.flatMap((a) => {
        const { date, minutes } = toZoned(a.startsAt, demo.timezone);
        const override = demo.overrides.find((o) => o.employeeId === a.employeeId && o.date === date);
        const weekly = demo.weekly.find((w) => w.employeeId === a.employeeId && w.dayOfWeek === weekdayOf(date));
        const hours = override ? (override.isAvailable ? override : null) : weekly;
        const fits =
          hours?.startTime != null &&
          hours.endTime != null &&
          minutes >= minutesOfTime(hours.startTime) &&
          minutes + a.duration <= minutesOfTime(hours.endTime);
        // The demo's wall-clock times: a start moved by a clock change would show here.
        const atDemoTime = [minutesOfTime('10:00'), minutesOfTime('13:00'), minutesOfTime('15:30')].includes(minutes);
        return fits && atDemoTime ? [] : [`${date} ${minutes} min for ${a.employeeId}`];
      });
      expect(outside).toEqual([]);
      // Booked with someone who provides the service, so a customer can move it to another of their times.
      const providersOf = (serviceId: string | null) =>
        demo.providers.filter((p) => p.serviceId === serviceId).map((p) => p.employeeId);
      const strangers = demo.appointments.filter(
        (a) => providersOf(a.serviceId).length > 0 && !providersOf(a.serviceId).includes(a.employeeId),
      );
      expect(strangers).toEqual([]);
    },
  );

  it.each(Object.entries(days))("seeded on %s, has orders in the business's month so far", async (_, at) => {
    const now = new Date(at);
    const demo = await demoAsOf(now);
    const month = toZoned(now, demo.timezone).date.slice(0, 7);
    const ofMonth = demo.orders.filter((o) => toZoned(o.createdAt, demo.timezone).date.startsWith(month));
    expect(ofMonth.filter((o) => o.status !== 'cancelled').length).toBeGreaterThanOrEqual(1);
    expect(demo.orders.every((o) => o.createdAt <= now)).toBe(true);
  });

  it('moves its pictures to the address of a start on another port, and leaves a picture someone set', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await seedDemoData(tx, { publicUrl: 'http://localhost:3311', now: new Date(days['a Monday']) });
        const pictures = async () =>
          [
            ...(await tx.select({ name: s.products.name, url: s.products.imageUrl }).from(s.products)),
            ...(await tx.select({ name: s.services.name, url: s.services.imageUrl }).from(s.services)),
          ].sort((a, b) => a.name.localeCompare(b.name));
        const own = 'https://cdn.example.com/pictures/linen-robe.jpg';
        await tx.update(s.products).set({ imageUrl: own }).where(eq(s.products.name, 'Linen Robe'));
        const before = await pictures();

        const seeded = before.filter((picture) => picture.url?.startsWith('http://localhost:3311/catalog/'));
        expect(seeded.length).toBeGreaterThan(15);

        expect(await moveDemoPictures(tx, 'http://localhost:3000/')).toBe(seeded.length);
        const after = await pictures();
        expect(after.find((picture) => picture.name === 'Linen Robe')!.url).toBe(own);
        expect(after).toEqual(
          before.map((picture) => ({
            ...picture,
            url: picture.url?.replace('http://localhost:3311/', 'http://localhost:3000/') ?? null,
          })),
        );
        // Already at this address: nothing to move.
        expect(await moveDemoPictures(tx, 'http://localhost:3000')).toBe(0);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
  });
});
