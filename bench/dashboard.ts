import { eq, sql } from 'drizzle-orm';
import { createDb } from '../db/client';
import { users } from '../db/schema/index';
import { DEMO_ADMIN_EMAIL, seedDemoData } from '../src/server/demo/seed';
import { performance } from 'node:perf_hooks';
import { createSession } from '../src/server/auth/sessions';
import { listCustomers } from '../src/server/staff/customers-service';
import { getDashboard } from '../src/server/staff/dashboard-service';
import { createBenchDatabase, load, startServer, type LoadResult } from './lib';

// The admin dashboard and the customers list over a business with 10,000 customers, 50,000 orders and
// 50,000 appointments, through the whole stack at 50 connections. Target: p99 under 50 ms for each.
const CUSTOMERS = 10_000;
const ORDERS = 50_000;
const APPOINTMENTS = 50_000;

const database = await createBenchDatabase('dashboard');
try {
  const db = await createDb({ url: database.url });
  await db.migrate();
  await seedDemoData(db.db, { publicUrl: 'http://localhost:3000' });
  await db.db.execute(sql`
    insert into users (email, first_name, last_name, role, created_at)
    select 'customer' || i || '@bench.example', 'First' || i, 'Last' || (i % 997), 'customer', now() - (i % 400) * interval '1 day'
    from generate_series(1, ${CUSTOMERS}) i`);
  // Orders over the last year, spread over every customer.
  await db.db.execute(sql`
    insert into orders (user_id, total, status, created_at)
    select c.id, round((10 + (i % 200))::numeric, 2),
           (array['pending','processing','completed','completed','completed','cancelled'])[1 + i % 6]::order_status,
           now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute'
    from generate_series(1, ${ORDERS}) i
    join lateral (select id from users where email = 'customer' || (1 + i % ${CUSTOMERS}) || '@bench.example') c on true`);
  // Appointments half an hour apart going back from yesterday, so no employee is ever double-booked.
  await db.db.execute(sql`
    with staff as (select array_agg(id order by email) ids from users where role = 'employee')
    insert into appointments (service_id, employee_id, customer_id, starts_at, ends_at, duration, status, created_at)
    select s.id, staff.ids[1 + i % array_length(staff.ids, 1)], c.id,
           date_trunc('day', now()) - i * interval '30 minutes', date_trunc('day', now()) - i * interval '30 minutes' + interval '30 minutes', 30,
           (array['completed','completed','completed','cancelled'])[1 + i % 4]::appointment_status,
           date_trunc('day', now()) - i * interval '30 minutes' - interval '3 days'
    from generate_series(1, ${APPOINTMENTS}) i
    cross join staff
    join lateral (select id from services order by name limit 1) s on true
    join lateral (select id from users where email = 'customer' || (1 + (i * 7) % ${CUSTOMERS}) || '@bench.example') c on true`);
  await db.db.execute(sql`analyze`);
  // The cost of one computation, one after another, without the per-instance figures cache: what a
  // request pays when it has the machine to itself.
  const sequential: Record<string, { p50: number; max: number }> = {};
  for (const [name, run] of [
    ['dashboard figures', () => getDashboard(db.db)],
    ['customers page 1 (with summary)', () => listCustomers(db.db, {})],
    ['customers page 250', () => listCustomers(db.db, { page: 250 })],
    ['customers search', () => listCustomers(db.db, { search: 'last99' })],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    sequential[name] = { p50: +times[10]!.toFixed(1), max: +times[19]!.toFixed(1) };
  }
  console.log('\nOne computation at a time, ms (no cache)');
  console.table(sequential);

  const [admin] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
  const { token } = await createSession(db.db, admin!.id);
  await db.close();

  const env = {
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-value',
    LOG_LEVEL: 'warn',
    OIDC_CLIENT_ID: 'bench',
    OIDC_CLIENT_SECRET: 'bench',
  };
  const headers = { cookie: `sid=${token}` };
  const server = await startServer('src/server/main.ts', env);
  const results: Record<string, LoadResult> = {};
  try {
    for (const path of [
      '/api/admin/dashboard',
      '/api/admin/customers',
      '/api/admin/customers?page=250',
      '/api/admin/customers?search=last99',
    ]) {
      const check = await fetch(`${server.url}${path}`, { headers });
      if (check.status !== 200) throw new Error(`${path} answered ${check.status}: ${await check.text()}`);
      results[path] = await load(`${server.url}${path}`, { headers });
    }
  } finally {
    await server.stop();
  }
  console.log(
    `\nAdmin reads over ${CUSTOMERS} customers, ${ORDERS} orders, ${APPOINTMENTS} appointments; 50 connections, 10 s (target p99 < 50 ms)`,
  );
  console.table(results);
} finally {
  await database.drop();
}
