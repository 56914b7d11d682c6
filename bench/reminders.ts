import { sql } from 'drizzle-orm';
import { createDb, queryRows } from '../db/client';
import { appointmentReminders, appointments, jobs, services, users } from '../db/schema/index';
import { scheduleReminders } from '../src/server/appointments/reminders';
import { createBenchDatabase, loadAverage, percentile, runnerProcess } from './lib';

// Reminders at scale, on PostgreSQL, each app instance's job runner in its own Node process: 10,000 pending
// appointments (one employee and one customer each, so that they may share a start) whose 2-hour reminder is
// due in the same minute, two instances running the real `reminder` job and a `mail` job whose transport
// prints what it sends. Checks that every reminder is sent, none twice, and how long after its time.
const APPOINTMENTS = 10_000;
const INSTANCES = 2;
const OFFSET = 120;
const LIMIT_MS = 120_000;
// Time to queue the reminders and start the instances before they fall due.
const LEAD_MS = 90_000;

/** An app instance's job runner: the real `reminder` job, and a `mail` transport printing `sent <to> <epoch ms>`. */
const instance = (url: string) =>
  runnerProcess(
    url,
    `import { reminderKind } from './src/server/appointments/reminders.ts';
    import { mailKind } from './src/server/mail/delivery.ts';`,
    `[
      reminderKind.with({ database, env: { publicUrl: 'http://localhost:3000' } }),
      { ...mailKind, run: async (message) => {
        process.stdout.write('sent ' + message.to + ' ' + (performance.timeOrigin + performance.now()) + '\\n');
      } },
    ]`,
  );

const database = await createBenchDatabase('reminders');
try {
  const db = await createDb({ url: database.url });
  await db.migrate();
  const [service] = await db.db
    .insert(services)
    .values({ name: 'Swedish Massage', price: '85.00', duration: 60 })
    .returning({ id: services.id });
  const due = new Date(Date.now() + LEAD_MS);
  const startsAt = new Date(due.getTime() + OFFSET * 60_000);
  for (let i = 0; i < APPOINTMENTS; i += 500) {
    const n = Math.min(500, APPOINTMENTS - i);
    const people = await db.db
      .insert(users)
      .values(
        Array.from({ length: n * 2 }, (_, j) => ({
          email: `${j % 2 ? 'customer' : 'employee'}-${i + (j >> 1)}@example.com`,
          firstName: j % 2 ? 'Robin' : 'Ivo',
          lastName: String(i + (j >> 1)),
          role: j % 2 ? 'customer' : 'employee',
        })),
      )
      .returning({ id: users.id, role: users.role });
    const employees = people.filter((p) => p.role === 'employee');
    const customers = people.filter((p) => p.role === 'customer');
    await db.db.transaction(async (tx) => {
      const rows = await tx
        .insert(appointments)
        .values(
          employees.map((e, j) => ({
            serviceId: service!.id,
            employeeId: e.id,
            customerId: customers[j]!.id,
            startsAt,
            endsAt: new Date(startsAt.getTime() + 60 * 60_000),
            duration: 60,
          })),
        )
        .returning({ id: appointments.id, startsAt: appointments.startsAt, status: appointments.status });
      // As a booking does: one reminder job per offset, keyed per appointment.
      for (const row of rows) await scheduleReminders(tx, row, [OFFSET], new Date());
    });
  }
  const queuedMs = due.getTime() - Date.now();
  console.log(
    `queued ${APPOINTMENTS} reminders due at ${due.toISOString()}, ${(queuedMs / 1000).toFixed(1)} s ahead (load average ${loadAverage()})`,
  );
  if (queuedMs < 0) throw new Error('Queuing took longer than the lead time: raise LEAD_MS.');

  const sent: { to: string; at: number; instance: number }[] = [];
  const processes = Array.from({ length: INSTANCES }, () => instance(database.url));
  processes.forEach((p, index) =>
    p.lines.on('line', (line) => {
      const [word, to, at] = line.split(' ');
      if (word === 'sent' && to && at) sent.push({ to, at: Number(at), instance: index });
    }),
  );
  await Promise.all(processes.map((p) => p.ready));
  for (const p of processes) p.send('go');
  const deadline = due.getTime() + LIMIT_MS + 30_000;
  while (new Set(sent.map((s) => s.to)).size < APPOINTMENTS && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
  // A little longer, so that a late duplicate would show.
  await new Promise((r) => setTimeout(r, 3000));
  for (const p of processes) p.send('stop');

  const lateness = sent.map((s) => s.at - due.getTime());
  const distinct = new Set(sent.map((s) => s.to)).size;
  const [claimed] = await queryRows<{ n: string }>(db.db, sql`select count(*) as n from ${appointmentReminders}`);
  const [pending] = await queryRows<{ n: string }>(
    db.db,
    sql`select count(*) as n from ${jobs} where status = 'pending'`,
  );
  const last = Math.max(...lateness);
  console.log(
    `${INSTANCES} instances: ${distinct} of ${APPOINTMENTS} reminders sent, ${sent.length - distinct} twice; ` +
      `per instance ${processes.map((_, i) => sent.filter((s) => s.instance === i).length).join(' / ')}; ` +
      `after their time p50 ${(percentile(lateness, 50) / 1000).toFixed(1)} s, p99 ${(percentile(lateness, 99) / 1000).toFixed(1)} s, ` +
      `last ${(last / 1000).toFixed(1)} s (limit ${LIMIT_MS / 1000} s: ${distinct === APPOINTMENTS && last <= LIMIT_MS ? 'met' : 'NOT met'}); ` +
      `reminder rows ${claimed!.n}, jobs left pending ${pending!.n} (load average ${loadAverage()})`,
  );
  await db.close();
} finally {
  await database.drop();
}
