import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createDb } from '../db/client';
import {
  appointments,
  calendarConnections,
  externalBusy,
  externalCalendarObjects,
  externalCalendars,
  weeklyHours,
  businessSettings,
  serviceProviders,
  services,
  users,
} from '../db/schema/index';
import { busySpans } from '../src/server/calendars/busy-spans';
import { slotsFor } from '../src/server/appointments/slot-data';
import { computeSlotsForDates } from '../src/server/booking/slots';
import { toZoned, zonedToInstant } from '../src/server/booking/zoned-time';
import { addCalendarDays } from '../src/shared/date-key';
import { getSettings } from '../src/server/settings/settings-service';
import { createBenchDatabase, load, printComparison, startServer } from './lib';

// GET /api/appointments/slots for one employee whose next 30 days hold 500 appointments: the server time of one
// call (rows read + slots computed, p99 over 200 calls spread over the 30 days), the same for a class whose 90
// sessions hold seats, the slot computation alone for all 30 days, and requests/s through the full stack against
// a bare route that reads the same rows and computes nothing. Then the same employee's own calendar adds 1,000
// external busy events (50 of them weekly series without an end), expanded as a sync stores them, and the slots
// call is timed again: the slots path reads them by index, it never asks a calendar server.
const TZ = 'America/New_York';
const database = await createBenchDatabase('slots');
try {
  const db = await createDb({ url: database.url });
  await db.migrate();
  await db.db.insert(businessSettings).values({ id: 1, businessName: 'Bench', timezone: TZ });
  const [employee] = await db.db
    .insert(users)
    .values({ email: 'bench-employee@example.com', firstName: 'Bea', lastName: 'Bench', role: 'employee' })
    .returning({ id: users.id });
  const [instructor] = await db.db
    .insert(users)
    .values({ email: 'bench-instructor@example.com', firstName: 'Ivy', lastName: 'Instructor', role: 'employee' })
    .returning({ id: users.id });
  const [customer] = await db.db
    .insert(users)
    .values({ email: 'bench-customer@example.com', firstName: 'Cy', lastName: 'Customer' })
    .returning({ id: users.id });
  const [service] = await db.db
    .insert(services)
    // Buffers in the rules: every candidate start is checked with its held span, not just its own time.
    .values({ name: 'Massage', price: '50.00', duration: 30, bufferBeforeMinutes: 10, bufferAfterMinutes: 15 })
    .returning({ id: services.id });
  await db.db.insert(serviceProviders).values({ serviceId: service!.id, employeeId: employee!.id });
  await db.db.insert(weeklyHours).values(
    [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      employeeId: employee!.id,
      dayOfWeek,
      startTime: '08:00',
      endTime: '20:00',
    })),
  );
  // 500 appointments over the next 30 days: 17 of the 24 half hours of each day (fewer on the last), never overlapping.
  const today = toZoned(new Date(), TZ).date;
  const rows: (typeof appointments.$inferInsert)[] = [];
  for (let day = 1; day <= 30 && rows.length < 500; day++) {
    const date = addCalendarDays(today, day);
    for (let half = 0; half < 24 && rows.length < 500; half++) {
      if ((half * 7 + day) % 24 >= 17) continue;
      const startsAt = zonedToInstant(date, 8 * 60 + half * 30, TZ);
      rows.push({
        serviceId: service!.id,
        employeeId: employee!.id,
        customerId: customer!.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 1_800_000),
        duration: 30,
        status: half % 3 ? 'confirmed' : 'pending',
      });
    }
  }
  await db.db.insert(appointments).values(rows);
  console.log(`seeded ${rows.length} appointments over 30 days`);

  // Server time of one slots call (database reads + computation), in process, p50/p99 after 20 warm-up calls.
  const settings = await getSettings(db.db);
  async function serverTime(name: string, serviceId: string) {
    const times: number[] = [];
    for (let i = 0; i < 220; i++) {
      const date = addCalendarDays(today, 1 + (i % 30));
      const start = performance.now();
      await slotsFor(db.db, settings, new Date(), { serviceId, date, includeInactive: false });
      if (i >= 20) times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!.toFixed(2);
    console.log(
      `${name} server time over ${times.length} calls: p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${times.at(-1)!.toFixed(2)} ms`,
    );
  }
  await serverTime('slots call', service!.id);

  // 950 single events of 45 minutes spread over the 30 days at any hour, and 50 weekly series in another zone.
  const [connection] = await db.db
    .insert(calendarConnections)
    .values({ employeeId: employee!.id, kind: 'ics', url: 'https://calendar.example.com/bench.ics' })
    .returning({ id: calendarConnections.id });
  const [calendar] = await db.db
    .insert(externalCalendars)
    .values({ connectionId: connection!.id, href: 'https://calendar.example.com/bench.ics', name: 'Bench' })
    .returning({ id: externalCalendars.id });
  const stamp = (d: Date) => d.toISOString().replace(/[-:]|\.\d+/g, '');
  const vevent = (uid: string, lines: string[]) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', `UID:${uid}`, ...lines, 'END:VEVENT', 'END:VCALENDAR'].join(
      '\r\n',
    );
  const events = Array.from({ length: 1_000 }, (_, i) => {
    if (i < 50) {
      const first = zonedToInstant(addCalendarDays(today, -(i % 7)), 8 * 60 + (i % 24) * 30, TZ);
      return vevent(`series-${i}`, [
        `DTSTART;TZID=Europe/London:${stamp(first).slice(0, 15)}`,
        'DURATION:PT30M',
        'RRULE:FREQ=WEEKLY',
      ]);
    }
    const start = new Date(zonedToInstant(today, 0, TZ).getTime() + ((i * 2_579_993) % (30 * 86_400)) * 1_000);
    return vevent(`single-${i}`, [`DTSTART:${stamp(start)}`, `DTEND:${stamp(new Date(start.getTime() + 2_700_000))}`]);
  });
  const window = {
    from: new Date(Date.now() - 31 * 86_400_000),
    to: new Date(Date.now() + 38 * 86_400_000),
    timeZone: TZ,
    isOwnUid: () => false,
  };
  const objects = await db.db
    .insert(externalCalendarObjects)
    .values(events.map((data, i) => ({ calendarId: calendar!.id, href: `event-${i}`, etag: String(i), data })))
    .returning({ id: externalCalendarObjects.id, data: externalCalendarObjects.data });
  const spans = objects.flatMap((o) =>
    busySpans(o.data, window).map((span) => ({
      objectId: o.id,
      employeeId: employee!.id,
      startsAt: span.start,
      endsAt: span.end,
    })),
  );
  for (let i = 0; i < spans.length; i += 5_000) await db.db.insert(externalBusy).values(spans.slice(i, i + 5_000));
  console.log(`seeded 1,000 external busy events (50 weekly series) as ${spans.length} busy spans`);
  await serverTime('slots call with 1,000 external busy events', service!.id);

  // A class of 12 (an hour) with the same employee's hours: on each of the 30 days, sessions at 9:00, 12:00 and
  // 15:00 with 1 to 11 seats taken (12 rows a day on average): seats of the session are counted, other starts blocked.
  const [yoga] = await db.db
    .insert(services)
    .values({ name: 'Group yoga', price: '15.00', duration: 60, capacity: 12 })
    .returning({ id: services.id });
  await db.db.insert(serviceProviders).values({ serviceId: yoga!.id, employeeId: instructor!.id });
  await db.db.insert(weeklyHours).values(
    [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
      employeeId: instructor!.id,
      dayOfWeek,
      startTime: '08:00',
      endTime: '20:00',
    })),
  );
  const attendees = await db.db
    .insert(users)
    .values(
      Array.from({ length: 11 }, (_, i) => ({
        email: `bench-attendee-${i}@example.com`,
        firstName: 'At',
        lastName: String(i),
      })),
    )
    .returning({ id: users.id });
  const seats: (typeof appointments.$inferInsert)[] = [];
  for (let day = 1; day <= 30; day++) {
    for (const [k, hour] of [9, 12, 15].entries()) {
      const startsAt = zonedToInstant(addCalendarDays(today, day), hour * 60, TZ);
      const sessionId = randomUUID();
      const taken = 1 + ((day * 3 + k * 5) % 11);
      for (let seat = 1; seat <= taken; seat++)
        seats.push({
          serviceId: yoga!.id,
          employeeId: instructor!.id,
          customerId: attendees[seat - 1]!.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 3_600_000),
          duration: 60,
          status: 'confirmed',
          sessionId,
          seat,
          capacity: 12,
        });
    }
  }
  await db.db.insert(appointments).values(seats);
  console.log(`seeded ${seats.length} class seats in 90 sessions over 30 days`);
  await serverTime('class slots call', yoga!.id);

  // The pure computation for all 30 days at once, from rows already in memory.
  const busy = rows.map((r) => ({
    employeeId: r.employeeId,
    heldStartsAt: r.startsAt as Date,
    heldEndsAt: r.endsAt as Date,
  }));
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
    employeeId: employee!.id,
    dayOfWeek,
    startTime: '08:00:00',
    endTime: '20:00:00',
    isAvailable: true,
  }));
  const rules = {
    timeZone: TZ,
    now: new Date(),
    durationMinutes: 30,
    bufferBeforeMinutes: 10,
    bufferAfterMinutes: 15,
    noticeMinutes: 60,
    bookingWindowDays: 30,
  };
  const pure: number[] = [];
  let offered = 0;
  for (let i = 0; i < 250; i++) {
    const start = performance.now();
    const result = computeSlotsForDates(today, addCalendarDays(today, 30), rules, {
      employeeIds: [employee!.id],
      weekly,
      overrides: [],
      busy,
    });
    if (i >= 50) pure.push(performance.now() - start); // after the JIT has warmed up
    offered = [...result.values()].reduce((n, s) => n + s.length, 0);
  }
  pure.sort((a, b) => a - b);
  console.log(
    `30 days computed at once (${offered} starts offered), 200 runs: median ${pure[100]!.toFixed(2)} ms, p99 ${pure[197]!.toFixed(2)} ms`,
  );
  await db.close();

  const path = `/api/appointments/slots?serviceId=${service!.id}&date=${addCalendarDays(today, 12)}`;
  const env = {
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-value',
    LOG_LEVEL: 'warn',
  };
  const full = await startServer('src/server/main.ts', env);
  const fullResult = await load(full.url + path);
  await full.stop();
  const bare = await startServer('bench/bare-slots.ts', env);
  const bareResult = await load(bare.url + path);
  await bare.stop();
  printComparison(
    'GET /api/appointments/slots (one employee, 500 appointments in 30 days), 50 connections, 10 s',
    fullResult,
    bareResult,
    'server time p99 < 20 ms',
  );
} finally {
  await database.drop();
}
