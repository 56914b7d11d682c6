import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createDb } from '../db/client';
import { csvExport } from '../src/server/customers/csv-export';
import { createBenchDatabase } from './lib';

// The orders export over 100,000 orders with their lines, read to the end as a client would download it.
// Targets: under 10 s, and the process's memory grows by less than 50 MB while it runs (the rows are streamed in
// batches, never held all at once).
const ORDERS = 100_000;
const CUSTOMERS = 5_000;

const database = await createBenchDatabase('exports');
try {
  const db = await createDb({ url: database.url });
  await db.migrate();
  await db.db.execute(sql`
    insert into users (email, first_name, last_name, role)
    select 'customer' || i || '@bench.example', 'Inés' || i, 'Muñoz' || (i % 97), 'customer'
    from generate_series(1, ${CUSTOMERS}) i`);
  await db.db.execute(sql`
    with people as (select array_agg(id) ids from users where role = 'customer')
    insert into orders (user_id, total, subtotal, status, created_at)
    select people.ids[1 + i % ${CUSTOMERS}], round((10 + (i % 200))::numeric, 2), round((10 + (i % 200))::numeric, 2),
           (array['pending','processing','completed','cancelled'])[1 + i % 4]::order_status,
           now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute'
    from generate_series(1, ${ORDERS}) i cross join people`);
  await db.db.execute(sql`
    insert into order_items (order_id, product_name, unit_price, quantity)
    select id, 'Crème brûlée candle', 10.00, 1 + (abs(hashtext(id::text)) % 3) from orders`);
  await db.db.execute(sql`analyze`);

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  for await (const chunk of csvExport(db.db, 'orders', {}, 'UTC')) {
    bytes += (chunk as Buffer).length;
    // No cell of this data holds a line break: every LF ends a record.
    for (const byte of chunk as Buffer) if (byte === 0x0a) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  await db.close();

  const growthMb = (peak - before) / 1024 / 1024;
  console.log(`\nOrders export over ${ORDERS} orders (targets: < 10 s, memory growth < 50 MB)`);
  console.table({
    rows: lines - 1,
    'size (MB)': +(bytes / 1024 / 1024).toFixed(1),
    'time (s)': +seconds.toFixed(2),
    'memory growth (MB)': +growthMb.toFixed(1),
  });
  if (lines - 1 !== ORDERS) throw new Error(`expected ${ORDERS} rows, got ${lines - 1}`);
  if (seconds >= 10 || growthMb >= 50) process.exitCode = 1;
} finally {
  await database.drop();
}
