import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createDb, queryRows } from '../db/client';
import { businessSettings, serviceProviders, services, users, weeklyHours } from '../db/schema/index';
import { createSession } from '../src/server/auth/sessions';
import { toZoned, zonedToInstant } from '../src/server/booking/zoned-time';
import { addCalendarDays } from '../src/shared/date-key';
import {
  createBenchDatabase,
  databaseCpuMs,
  listenForWebhooks,
  loadAverage,
  LOOPBACK_WEBHOOKS,
  percentile,
  startServer,
  treeCpuMs,
} from './lib';

// POST /api/appointments through the whole stack on PostgreSQL, 50 customers, 20 bookings each, in two scenarios:
// 1. different slots: ten employees, five customers on each, each customer on a start of their own;
// 2. one class: all 50 book seats of the same session (capacity 50), then of the next.
// Each scenario runs twice: in bursts (all 50 send at the same instant and the next burst starts when the last
// answer is in, so the last of a burst waits for the other 49) and steady (50 customers at once, each booking
// again as soon as answered, as autocannon's 50 connections in the other benchmarks).
// With the product's defaults: reminders on (24 h and 2 h before), one webhook endpoint listening to the
// appointment events (a local receiver answering 204), mail without SMTP_URL (kept in the outbox). So each booking
// writes the appointment, queues the invitation mails and the reminders, and writes its webhook event with a
// delivery and its job, which the server's job runner then delivers.
// `--reminders-off-no-webhook` runs the old settings instead (reminders off, no endpoint), printed beside each
// figure: for comparisons with figures measured so.
// Target: p99 under 100 ms at 50 concurrent customers.
const OLD_SETTINGS = process.argv.includes('--reminders-off-no-webhook');
const SETTINGS = OLD_SETTINGS
  ? 'changed defaults: reminders off, no webhook endpoint'
  : 'defaults: reminders on, one webhook endpoint listening';
const CUSTOMERS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
// A fresh server's first thousands of bookings run before V8 has optimised the path (the checkout benchmark
// measured its CPU per request halving over the first 5,000): 40 bursts of each kind warm it first.
const WARM_UP_ROUNDS = Number(process.env.BENCH_WARM_UP_ROUNDS ?? 40);
const EMPLOYEES = 10;
const TZ = 'America/New_York';

const agent = new http.Agent({ keepAlive: true, maxSockets: CUSTOMERS });
function post(url: string, cookie: string, body: unknown): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const database = await createBenchDatabase('booking');
let webhooks: Awaited<ReturnType<typeof listenForWebhooks>> | undefined;
try {
  const db = await createDb({ url: database.url });
  await db.migrate();
  await db.db.insert(businessSettings).values({
    id: 1,
    businessName: 'Bench',
    timezone: TZ,
    bookingWindowDays: 60,
    ...(OLD_SETTINGS ? { reminderOffsetsMinutes: [] } : {}),
  });
  webhooks = OLD_SETTINGS
    ? undefined
    : await listenForWebhooks(db.db, ['appointment.created', 'appointment.updated', 'appointment.cancelled']);
  const staff = await db.db
    .insert(users)
    .values(
      Array.from({ length: EMPLOYEES + 1 }, (_, i) => ({
        email: `bench-employee-${i}@example.com`,
        firstName: 'Employee',
        lastName: String(i),
        role: 'employee' as const,
      })),
    )
    .returning({ id: users.id });
  await db.db.insert(weeklyHours).values(
    staff.flatMap((e) =>
      [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({
        employeeId: e.id,
        dayOfWeek,
        startTime: '08:00',
        endTime: '20:00',
      })),
    ),
  );
  const [massage, yoga] = await db.db
    .insert(services)
    .values([
      { name: 'Massage', price: '50.00', duration: 30 },
      { name: 'Group yoga', price: '15.00', duration: 60, capacity: CUSTOMERS },
    ])
    .returning({ id: services.id });
  const teachers = staff.slice(0, EMPLOYEES);
  const instructor = staff[EMPLOYEES]!;
  await db.db
    .insert(serviceProviders)
    .values([
      ...teachers.map((e) => ({ serviceId: massage!.id, employeeId: e.id })),
      { serviceId: yoga!.id, employeeId: instructor.id },
    ]);
  const people = await db.db
    .insert(users)
    .values(
      Array.from({ length: CUSTOMERS }, (_, i) => ({
        email: `booker${i}@example.com`,
        firstName: 'Booker',
        lastName: String(i),
      })),
    )
    .returning({ id: users.id });
  const cookies = await Promise.all(people.map(async (p) => `sid=${(await createSession(db.db, p.id)).token}`));
  /**
   * Waits until no job the server runs is due (mail has no handler without SMTP_URL: it stays queued). One statement
   * through the due-jobs index (pending jobs by kind): the kinds pending, walked one index probe each, then whether
   * any of them but mail has a job due; so that the poll's own cost (charged to the bookings as PostgreSQL CPU)
   * stays small, whatever the number of mails and reminders waiting.
   */
  async function followUpsDrained(): Promise<number> {
    const started = performance.now();
    const anyDue = async () =>
      (
        await queryRows(
          db.db,
          sql`with recursive pending(kind) as (
                (select kind from jobs where status = 'pending' order by kind limit 1)
                union all
                select (select j.kind from jobs j where j.status = 'pending' and j.kind > pending.kind
                        order by j.kind limit 1)
                from pending where pending.kind is not null)
              select 1 from pending
              where pending.kind <> 'mail' and exists (
                select from jobs j where j.status = 'pending' and j.kind = pending.kind and j.run_at <= now())
              limit 1`,
        )
      ).length > 0;
    while (performance.now() - started < 60_000 && (await anyDue()))
      await new Promise((resolve) => setTimeout(resolve, 20));
    return performance.now() - started;
  }

  const server = await startServer('src/server/main.ts', {
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-value',
    LOG_LEVEL: 'warn',
    OIDC_CLIENT_ID: 'bench',
    OIDC_CLIENT_SECRET: 'bench',
    ...LOOPBACK_WEBHOOKS,
  });
  const today = toZoned(new Date(), TZ).date;

  async function book(cookie: string, body: unknown) {
    const t = performance.now();
    const status = await post(`${server.url}/api/appointments`, cookie, body);
    return { status, ms: performance.now() - t };
  }

  /** Bursts: in each round every customer books at once; `bodyFor(round, i)` is customer i's booking. */
  async function inBursts(rounds: number[], bodyFor: (round: number, i: number) => unknown) {
    const answers: { status: number; ms: number }[] = [];
    const bursts: number[] = [];
    for (const round of rounds) {
      const started = performance.now();
      answers.push(...(await Promise.all(cookies.map((cookie, i) => book(cookie, bodyFor(round, i))))));
      bursts.push(performance.now() - started);
    }
    // A burst's wall time: the noise of a shared machine moves its median less than a p99 of 1,000 answers.
    return { answers, note: `median burst ${percentile(bursts, 50).toFixed(0)} ms; ` };
  }

  /** Steady: every customer books its rounds one after another, each as soon as the previous one is answered. */
  async function steadily(rounds: number[], bodyFor: (round: number, i: number) => unknown) {
    const answers: { status: number; ms: number }[] = [];
    await Promise.all(
      cookies.map(async (cookie, i) => {
        for (const round of rounds) answers.push(await book(cookie, bodyFor(round, i)));
      }),
    );
    return { answers, note: '' };
  }

  async function scenario(
    name: string,
    run: typeof inBursts,
    rounds: number[],
    bodyFor: (round: number, i: number) => unknown,
  ) {
    const cpuBefore = treeCpuMs(server.pid);
    const clientBefore = process.cpuUsage();
    const databaseBefore = databaseCpuMs(database.name);
    const started = performance.now();
    const { answers, note } = await run(rounds, bodyFor);
    const wall = performance.now() - started;
    const cpuAnswering = treeCpuMs(server.pid) - cpuBefore;
    // What follows the bookings (subscribers, webhook deliveries) runs after their answers: the CPU is read once
    // it has run, so that a booking's figure includes it.
    const drainMs = await followUpsDrained();
    if (!name) return;
    const ok = answers.filter((a) => a.status === 200).length;
    const other = new Map<number, number>();
    for (const a of answers) if (a.status !== 200) other.set(a.status, (other.get(a.status) ?? 0) + 1);
    const latencies = answers.map((a) => a.ms);
    const cpuPerBooking = (treeCpuMs(server.pid) - cpuBefore) / answers.length;
    const cpuAfterwards = cpuPerBooking - cpuAnswering / answers.length;
    const client = process.cpuUsage(clientBefore);
    const clientPerBooking = (client.user + client.system) / 1000 / answers.length;
    const databasePerBooking = (databaseCpuMs(database.name) - databaseBefore) / answers.length;
    console.log(
      `${name} (${SETTINGS}): ${ok} bookings in ${(wall / 1000).toFixed(2)} s = ${Math.round((ok / wall) * 1000)} bookings/s; ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; ${note}` +
        `CPU per booking: server ${cpuPerBooking.toFixed(2)} ms (${cpuAfterwards.toFixed(2)} of it after the last answer), PostgreSQL ${databasePerBooking.toFixed(2)} ms, ` +
        `load generator ${clientPerBooking.toFixed(2)} ms; follow-ups done ${drainMs.toFixed(0)} ms after the last answer; ` +
        `non-200: ${other.size ? JSON.stringify(Object.fromEntries(other)) : 'none'}; load average ${loadAverage()}`,
    );
  }

  // Nothing repeats: a day of 08:00-20:00 holds four rounds of five half-hours per employee (different slots),
  // or twelve hourly sessions (the class).
  const slotBody = (round: number, i: number) => ({
    serviceId: massage!.id,
    employeeId: teachers[i % EMPLOYEES]!.id,
    dateTime: zonedToInstant(
      addCalendarDays(today, 1 + Math.floor(round / 4)),
      8 * 60 + ((round % 4) * 5 + Math.floor(i / EMPLOYEES)) * 30,
      TZ,
    ),
  });
  const classBody = (round: number) => ({
    serviceId: yoga!.id,
    employeeId: instructor.id,
    dateTime: zonedToInstant(addCalendarDays(today, 1 + Math.floor(round / 12)), 8 * 60 + (round % 12) * 60, TZ),
  });
  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

  // Warm-up (not reported): the server's first bookings run before V8 has optimised the path.
  await scenario('', inBursts, range(ROUNDS, WARM_UP_ROUNDS), slotBody);
  await scenario('', inBursts, range(ROUNDS, WARM_UP_ROUNDS), classBody);
  // The warm-up filled the tables from nothing within seconds, before autovacuum's first look (once a minute): its
  // ANALYZE, which a running business has had, replaces the plans PostgreSQL made for empty tables.
  await db.db.execute(sql`analyze`);
  // The steady runs book the rounds after the warm-up's.
  const steadyRounds = range(ROUNDS + WARM_UP_ROUNDS, ROUNDS);
  const slots = `${CUSTOMERS} customers, different slots (${EMPLOYEES} employees)`;
  const oneClass = `${CUSTOMERS} customers, one class of ${CUSTOMERS} seats`;
  await scenario(`${slots}, ${ROUNDS} bursts`, inBursts, range(0, ROUNDS), slotBody);
  await scenario(`${oneClass}, ${ROUNDS} bursts`, inBursts, range(0, ROUNDS), classBody);
  await scenario(`${slots}, steady, ${ROUNDS} each`, steadily, steadyRounds, slotBody);
  await scenario(`${oneClass}, steady, ${ROUNDS} each`, steadily, steadyRounds, classBody);
  if (webhooks) console.log(`webhook deliveries received: ${webhooks.received()}`);
  await server.stop();
  await db.close();
} finally {
  agent.destroy();
  await webhooks?.close();
  await database.drop();
}
