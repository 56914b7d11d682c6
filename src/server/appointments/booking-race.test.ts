import { and, eq, inArray, sql } from 'drizzle-orm';
import { sqlState } from '../../../db/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../../db/client';
import { appointments, jobs, serviceProviders, services } from '../../../db/schema/index';
import { CLASS_FULL_MESSAGE, SEAT_TAKEN_MESSAGE, SLOT_TAKEN_MESSAGE } from '../../shared/appointment-schema';
import { buildApp } from '../app';
import { toZoned, zonedToInstant } from '../booking/zoned-time';
import { addCalendarDays } from '../../shared/date-key';
import {
  bookableService,
  followUpsDone,
  signInAs,
  startTestServer,
  testEnv,
  type TestServer,
} from '../../testing/test-server';

/*
 * Concurrency: many customers booking the same employee's slot at the same moment. Only PostgreSQL has the
 * connections to race (PGlite runs one statement at a time); on PGlite these run one after another and show
 * the same outcome by the plain slot check.
 */

const TZ = 'Europe/London';
const onPostgres = process.env.TEST_DB === 'postgres';
// PGlite serialises everything, so its rounds prove nothing more after the first few.
const ROUNDS = onPostgres ? 20 : 3;
const PARALLEL = 50;

let server: TestServer;
let serviceId: string;
let employeeId: string;
let cookies: string[];
let day: string;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signInAs(server.database, 'admin');
  expect(
    (
      await server.request('PUT', '/api/business/settings', {
        cookie: admin.cookie,
        body: { businessName: 'Race', timezone: TZ },
      })
    ).status,
  ).toBe(200);
  const employee = await signInAs(server.database, 'employee');
  employeeId = employee.user.id;
  serviceId = await bookableService(
    server.db,
    employeeId,
    { name: 'Massage', price: '50.00', duration: 30 },
    { startTime: '08:00', endTime: '20:00' },
  );
  cookies = await Promise.all(
    Array.from({ length: PARALLEL }, async () => (await signInAs(server.database, 'customer')).cookie),
  );
  day = addCalendarDays(toZoned(new Date(), TZ).date, 2);
});
afterAll(() => server.close());

/** How many mail and reminder jobs are queued. */
async function queuedJobs() {
  // Queued by the bookings' subscribers, once they have run.
  await followUpsDone(server.db);
  const rows = await server.db
    .select({ kind: jobs.kind, count: sql<number>`count(*)::int` })
    .from(jobs)
    // The booking's own: a class that fills also tells its employee, later, from a subscriber (class-full-mail.ts).
    .where(and(inArray(jobs.kind, ['mail', 'reminder']), sql`coalesce(${jobs.uniqueKey}, '') not like 'class-full:%'`))
    .groupBy(jobs.kind);
  return { mail: 0, reminder: 0, ...Object.fromEntries(rows.map((r) => [r.kind, r.count])) };
}
/** The jobs queued after `bookings` more bookings: two invitations (customer, employee) and two reminders each. */
function jobsQueuedFor(bookings: number, before: { mail: number; reminder: number }) {
  return { mail: before.mail + 2 * bookings, reminder: before.reminder + 2 * bookings };
}

/** Twenty customers at once, every other one asking for `second`: the answers' statuses, in order. */
async function bookAlternately(service: string, first: string, second: string) {
  const results = await Promise.all(
    cookies.slice(0, 20).map((cookie, i) =>
      server.request('POST', '/api/appointments', {
        cookie,
        body: { serviceId: service, dateTime: i % 2 ? second : first, employeeId },
      }),
    ),
  );
  return results.map((r) => r.status);
}

const slotAt = (index: number) => zonedToInstant(day, 8 * 60 + index * 30, TZ).toISOString();

describe(`${PARALLEL} parallel bookings of one slot`, () => {
  it(`exactly one succeeds and ${PARALLEL - 1} get 409, in each of ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dateTime = slotAt(round);
      const results = await Promise.all(
        cookies.map((cookie) =>
          server.request('POST', '/api/appointments', {
            cookie,
            body: { serviceId, dateTime, employeeId, duration: 30 },
          }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses.join(',')}`,
      ).toHaveLength(1);
      expect(
        statuses.filter((s) => s === 409),
        `round ${round}: ${statuses.join(',')}`,
      ).toHaveLength(PARALLEL - 1);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toBe(SLOT_TAKEN_MESSAGE);
      const rows = await server.db
        .select()
        .from(appointments)
        .where(and(eq(appointments.employeeId, employeeId), eq(appointments.startsAt, new Date(dateTime))));
      expect(rows).toHaveLength(1);
    }
  }, 120_000);
});

describe(`${PARALLEL} parallel bookings of one class of 5`, () => {
  let yoga: string;
  beforeAll(async () => {
    const [service] = await server.db
      .insert(services)
      .values({ name: 'Group yoga', price: '15.00', duration: 60, capacity: 5 })
      .returning({ id: services.id });
    yoga = service!.id;
    await server.db.insert(serviceProviders).values({ serviceId: yoga, employeeId });
  });

  it(`exactly 5 seats are taken and ${PARALLEL - 5} hear the class is full, in each of ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // Hourly sessions from 8:00 on days after the other tests' (12 a day within the 8:00–20:00 hours).
      const date = addCalendarDays(day, 20 + Math.floor(round / 12));
      const dateTime = zonedToInstant(date, 8 * 60 + (round % 12) * 60, TZ).toISOString();
      const jobsBefore = await queuedJobs();
      const results = await Promise.all(
        cookies.map((cookie) =>
          server.request('POST', '/api/appointments', { cookie, body: { serviceId: yoga, dateTime, employeeId } }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses.join(',')}`,
      ).toHaveLength(5);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
        expect(r.body.message).toBe(CLASS_FULL_MESSAGE);
      }
      const rows = await server.db
        .select({ sessionId: appointments.sessionId, seat: appointments.seat })
        .from(appointments)
        .where(and(eq(appointments.employeeId, employeeId), eq(appointments.startsAt, new Date(dateTime))));
      expect(rows.map((r) => r.seat).sort()).toEqual([1, 2, 3, 4, 5]);
      expect(new Set(rows.map((r) => r.sessionId)).size).toBe(1);
      // A refused booking's writes went with the insert that failed: its invitations and reminders too.
      expect(await queuedJobs()).toEqual(jobsQueuedFor(5, jobsBefore));
    }
  }, 120_000);

  it(`one customer asking ${PARALLEL / 5} times at once gets one seat and hears they already have it`, async () => {
    const cookie = cookies[0]!;
    for (let round = 0; round < ROUNDS; round++) {
      const date = addCalendarDays(day, 22 + Math.floor(round / 12));
      const dateTime = zonedToInstant(date, 8 * 60 + (round % 12) * 60, TZ).toISOString();
      const jobsBefore = await queuedJobs();
      const results = await Promise.all(
        Array.from({ length: PARALLEL / 5 }, () =>
          server.request('POST', '/api/appointments', { cookie, body: { serviceId: yoga, dateTime, employeeId } }),
        ),
      );
      expect(
        results.filter((r) => r.status === 200),
        JSON.stringify(results.map((r) => [r.status, r.body.message])),
      ).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
        expect(r.body.message).toBe(SEAT_TAKEN_MESSAGE);
      }
      const rows = await server.db
        .select({ seat: appointments.seat })
        .from(appointments)
        .where(and(eq(appointments.employeeId, employeeId), eq(appointments.startsAt, new Date(dateTime))));
      // One seat, whichever number: the requests took theirs side by side, and only one of them was written.
      expect(rows).toHaveLength(1);
      expect(await queuedJobs()).toEqual(jobsQueuedFor(1, jobsBefore));
    }
  }, 120_000);

  it('two overlapping sessions opened at once: the seats of only one of them are made', async () => {
    // Each may wait for the other's first row until PostgreSQL breaks the wait (a second): a few rounds show it.
    for (let round = 0; round < Math.min(ROUNDS, 5); round++) {
      const date = addCalendarDays(day, 24);
      const first = zonedToInstant(date, 8 * 60 + round * 120, TZ).toISOString();
      const second = zonedToInstant(date, 8 * 60 + round * 120 + 30, TZ).toISOString();
      const statuses = await bookAlternately(yoga, first, second);
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses.join(',')}`,
      ).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(15);
      const rows = await server.db
        .select({ sessionId: appointments.sessionId, startsAt: appointments.startsAt })
        .from(appointments)
        .where(
          and(
            eq(appointments.employeeId, employeeId),
            inArray(appointments.startsAt, [new Date(first), new Date(second)]),
          ),
        );
      expect(new Set(rows.map((r) => r.sessionId)).size).toBe(1);
      expect(rows).toHaveLength(5);
    }
  }, 120_000);

  it('written directly, the database refuses a seat beyond the capacity and a second seat for one customer', async () => {
    const startsAt = zonedToInstant(addCalendarDays(day, 30), 9 * 60, TZ);
    const customerId = (await signInAs(server.database, 'customer')).user.id;
    const seat = (seat: number, customer = customerId) => ({
      serviceId: yoga,
      employeeId,
      customerId: customer,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60_000),
      duration: 60,
      sessionId: '00000000-0000-4000-8000-000000000015',
      seat,
      capacity: 5,
    });
    await server.db.insert(appointments).values(seat(1));
    const refusal = (values: typeof appointments.$inferInsert) =>
      server.db
        .insert(appointments)
        .values(values)
        .then(() => 'inserted')
        .catch((error: unknown) => sqlState(error));
    const other = (await signInAs(server.database, 'customer')).user.id;
    expect(await refusal(seat(6, other))).toBe('23514'); // seat number beyond the capacity
    expect(await refusal(seat(1, other))).toBe('23505'); // a seat number taken
    expect(await refusal(seat(2))).toBe('23505'); // the same customer again
    expect(await refusal({ ...seat(2, other), sessionId: null, seat: null })).toBe('23P01'); // not of the session
  });
});

describe('two app instances booking the same slot', () => {
  let secondDatabase: Database;
  let second: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    secondDatabase = server.database.url ? await createDb({ url: server.database.url }) : server.database;
    second = await buildApp({ database: secondDatabase, env: testEnv() });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    if (secondDatabase !== server.database) await secondDatabase.close();
  });

  it('exactly one booking is made, whichever instance each request reaches', async () => {
    const times = [slotAt(22), slotAt(23), slotAt(21)];
    for (const dateTime of times) {
      const body = { serviceId, dateTime, employeeId: serviceId, duration: 30 };
      const results = await Promise.all(
        cookies.slice(0, 20).map((cookie, i) =>
          i % 2 === 0
            ? server.request('POST', '/api/appointments', { cookie, body }).then((r) => r.status)
            : second
                .inject({
                  method: 'POST',
                  url: '/api/appointments',
                  headers: { cookie, 'content-type': 'application/json' },
                  payload: JSON.stringify(body),
                })
                .then((r) => r.statusCode),
        ),
      );
      expect(
        results.filter((s) => s === 200),
        results.join(','),
      ).toHaveLength(1);
      expect(results.filter((s) => s === 409)).toHaveLength(19);
    }
    // The 30-minute neighbours were all booked, back to back: nothing overlaps.
    const rows = await server.db
      .select()
      .from(appointments)
      .where(
        inArray(
          appointments.startsAt,
          times.map((t) => new Date(t)),
        ),
      );
    expect(rows).toHaveLength(3);
  });
});

describe('parallel bookings whose held spans overlap', () => {
  let buffered: string;
  beforeAll(async () => {
    // 30 minutes with 30 after: a booking at 8:00 holds until 9:00, so 8:30 is taken although its time is free.
    const [service] = await server.db
      .insert(services)
      .values({ name: 'Colour', price: '60.00', duration: 30, bufferAfterMinutes: 30 })
      .returning({ id: services.id });
    buffered = service!.id;
    await server.db.insert(serviceProviders).values({ serviceId: buffered, employeeId });
  });

  it(`of neighbouring starts: exactly one of each pair is made, in each of ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // Five pairs a day (8:00, 10:00, … 16:00) inside the 8:00–20:00 hours, from the day after the other tests'.
      const date = addCalendarDays(day, 1 + Math.floor(round / 5));
      const minutes = 8 * 60 + (round % 5) * 120;
      const first = zonedToInstant(date, minutes, TZ).toISOString();
      const second = zonedToInstant(date, minutes + 30, TZ).toISOString();
      const statuses = await bookAlternately(buffered, first, second);
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses.join(',')}`,
      ).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    }
  }, 120_000);

  it('written directly in parallel transactions, the database keeps only one of two overlapping held spans', async () => {
    const date = addCalendarDays(day, 10);
    const customerId = (await signInAs(server.database, 'customer')).user.id;
    for (let round = 0; round < ROUNDS; round++) {
      const start = zonedToInstant(date, 8 * 60 + round * 120, TZ);
      // Own times 8:00–8:30 and 8:45–9:15 do not overlap; the first one's buffer after (to 9:00) does.
      const rows = [0, 45].map((offset) => {
        const startsAt = new Date(start.getTime() + offset * 60_000);
        return {
          serviceId: buffered,
          employeeId,
          customerId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          duration: 30,
          bufferAfterMinutes: 30,
        };
      });
      const outcomes = await Promise.allSettled(
        rows.map((row) =>
          server.db.transaction(async (tx) => {
            await tx.insert(appointments).values(row);
            // Both transactions hold their row uncommitted at once, where the database can interleave them.
            await tx.execute(sql`select pg_sleep(0.05)`);
          }),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const rejected = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      // PostgreSQL refuses the second held span by the exclusion constraint (23P01), or, when both inserts reach
      // the constraint check at the same instant and each waits for the other, by deadlock detection (40P01).
      // Either way exactly one row stays, which is the guarantee under test.
      expect(['23P01', '40P01']).toContain(sqlState(rejected.reason));
    }
  });
});

describe('series competing for one date', () => {
  beforeAll(async () => {
    const admin = await signInAs(server.database, 'admin');
    const res = await server.request('PUT', '/api/business/settings', {
      cookie: admin.cookie,
      body: { businessName: 'Race', bookingWindowDays: 365 },
    });
    expect(res.status).toBe(200);
  });

  it(`exactly one series is booked whole and the others not at all, in each of ${ROUNDS} rounds`, async () => {
    // Three weekly occurrences from the 40th day, and three from the 54th: the two series share the 54th only.
    const base = addCalendarDays(day, 40);
    const shared = addCalendarDays(base, 14);
    for (let round = 0; round < ROUNDS; round++) {
      const minutes = 8 * 60 + round * 30;
      const results = await Promise.all(
        cookies.slice(0, 10).map((cookie, i) =>
          server.request('POST', '/api/appointments', {
            cookie,
            body: {
              serviceId,
              employeeId,
              dateTime: zonedToInstant(i % 2 ? shared : base, minutes, TZ).toISOString(),
              repeat: { frequency: 'weekly', count: 3 },
            },
          }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses.join(',')}`,
      ).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
        // The loser hears which dates went, the shared one always among them.
        expect(r.body.message).toMatch(new RegExp(`^Not available on .*${shared}.*\\.$`));
      }
      const rows = await server.db
        .select({ seriesId: appointments.seriesId, startsAt: appointments.startsAt })
        .from(appointments)
        .where(
          and(
            eq(appointments.employeeId, employeeId),
            inArray(
              appointments.startsAt,
              [0, 7, 14, 21, 28].map((days) => zonedToInstant(addCalendarDays(base, days), minutes, TZ)),
            ),
          ),
        );
      expect(rows).toHaveLength(3);
      expect(new Set(rows.map((r) => r.seriesId)).size).toBe(1);
    }
  }, 120_000);
});
