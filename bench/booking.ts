import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { createDb } from '../db/client';
import { businessSettings, serviceProviders, services, users, weeklyHours } from '../db/schema/index';
import { createSession } from '../src/server/auth/sessions';
import { addCalendarDays, toZoned, zonedToInstant } from '../src/server/booking/zoned-time';
import { createBenchDatabase, databaseCpuMs, loadAverage, percentile, startServer, treeCpuMs } from './lib';

// POST /api/appointments through the whole stack on PostgreSQL, 50 customers at once, 20 rounds each:
// 1. different slots: ten employees, five customers on each, each customer on a start of their own;
// 2. one class: all 50 book seats of the same session (capacity 50), one after another under its employee's lock.
// Target: p99 under 100 ms.
const CUSTOMERS = 50;
const ROUNDS = 20;
// A fresh server's first thousands of bookings run before V8 has optimised the path (the checkout benchmark
// measured its CPU per request halving over the first 5,000): 40 bursts of each kind warm it first.
const WARM_UP_ROUNDS = 40;
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
try {
  const db = await createDb({ url: database.url });
  await db.migrate();
  await db.db
    .insert(businessSettings)
    .values({ id: 1, businessName: 'Bench', timezone: TZ, bookingWindowDays: 60, reminderOffsetsMinutes: [] });
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
  await db.close();

  const server = await startServer('src/server/main.ts', {
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-value',
    LOG_LEVEL: 'warn',
    OIDC_CLIENT_ID: 'bench',
    OIDC_CLIENT_SECRET: 'bench',
  });
  const today = toZoned(new Date(), TZ).date;

  /** One burst: every customer books at once; `bodyFor(i)` is customer i's booking. */
  async function burst(bodyFor: (i: number) => unknown) {
    const started = performance.now();
    const answers = await Promise.all(
      cookies.map(async (cookie, i) => {
        const t = performance.now();
        const status = await post(`${server.url}/api/appointments`, cookie, bodyFor(i));
        return { status, ms: performance.now() - t };
      }),
    );
    return { wallMs: performance.now() - started, answers };
  }

  async function scenario(name: string, rounds: number[], bodyFor: (round: number, i: number) => unknown) {
    const latencies: number[] = [];
    const bursts: number[] = [];
    let wall = 0;
    let ok = 0;
    const cpuBefore = treeCpuMs(server.pid);
    const clientBefore = process.cpuUsage();
    const databaseBefore = databaseCpuMs();
    const other = new Map<number, number>();
    for (const round of rounds) {
      const { wallMs, answers } = await burst((i) => bodyFor(round, i));
      wall += wallMs;
      bursts.push(wallMs);
      for (const a of answers) {
        latencies.push(a.ms);
        if (a.status === 200) ok++;
        else other.set(a.status, (other.get(a.status) ?? 0) + 1);
      }
    }
    if (!name) return;
    const cpuPerBooking = (treeCpuMs(server.pid) - cpuBefore) / (rounds.length * CUSTOMERS);
    const client = process.cpuUsage(clientBefore);
    const clientPerBooking = (client.user + client.system) / 1000 / (rounds.length * CUSTOMERS);
    const databasePerBooking = (databaseCpuMs() - databaseBefore) / (rounds.length * CUSTOMERS);
    console.log(
      `${name}: ${ok} bookings in ${(wall / 1000).toFixed(2)} s = ${Math.round((ok / wall) * 1000)} bookings/s; ` +
        `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; ` +
        // A burst's wall time: the noise of a shared machine moves its median less than a p99 of 1,000 answers.
        `median burst ${percentile(bursts, 50).toFixed(0)} ms; ` +
        `CPU per booking: server ${cpuPerBooking.toFixed(2)} ms, database ${databasePerBooking.toFixed(2)} ms, ` +
        `load generator ${clientPerBooking.toFixed(2)} ms; ` +
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
  await scenario('', range(ROUNDS, WARM_UP_ROUNDS), slotBody);
  await scenario('', range(ROUNDS, WARM_UP_ROUNDS), classBody);
  await scenario(
    `${CUSTOMERS} customers, different slots (${EMPLOYEES} employees), ${ROUNDS} rounds`,
    range(0, ROUNDS),
    slotBody,
  );
  await scenario(
    `${CUSTOMERS} customers, one class of ${CUSTOMERS} seats, ${ROUNDS} rounds`,
    range(0, ROUNDS),
    classBody,
  );
  await server.stop();
} finally {
  agent.destroy();
  await database.drop();
}
