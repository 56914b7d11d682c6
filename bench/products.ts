import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { createDb } from '../db/client';
import { seedDemoData } from '../src/server/demo/seed';
import { createBenchDatabase, load, printComparison, startServer, type LoadResult } from './lib';

/*
 * GET /api/products through the whole stack (security hooks, session-aware catalogue cache with its
 * per-request freshness check, ETag, pre-compressed bodies) against a bare Fastify + postgres.js route that
 * queries and serializes the same JSON per request; at 100, 1,000 and 10,000 active products.
 * Target at 1,000: at least 5x the bare route's requests/s, p99 under 150 ms.
 */
const SIZES = [100, 1_000, 10_000];
const database = await createBenchDatabase('products');
const sql = postgres(database.url, { max: 1, onnotice: () => {} });

async function fillCatalogue(count: number) {
  await sql`delete from products`;
  await sql`
    insert into products (name, description, category, price, image_url, inventory, is_featured, is_active, created_at)
    select 'Product ' || g, 'A believable description of product number ' || g || ', with enough words to look real.',
           (array['Body Care', 'Skin Care', 'Hair Care', 'Home', 'Gifts'])[1 + g % 5], (500 + g % 9500) / 100.0,
           'https://shop.example.com/catalog/product-' || g || '.webp', g % 50, g % 25 = 0, true,
           now() - g * interval '1 second'
      from generate_series(1, ${count}) g`;
}

/** Mean time of one request on an idle server (no concurrency), after a warm-up. */
async function singleRequestMs(url: string, headers: Record<string, string> = {}, rounds = 20) {
  for (let i = 0; i < 3; i++) await (await fetch(url, { headers })).arrayBuffer();
  const started = performance.now();
  for (let i = 0; i < rounds; i++) await (await fetch(url, { headers })).arrayBuffer();
  return Math.round(((performance.now() - started) / rounds) * 100) / 100;
}

const rows: Record<string, unknown>[] = [];
try {
  const db = await createDb({ url: database.url });
  await db.migrate();
  await seedDemoData(db.db, { publicUrl: 'https://shop.example.com' });
  await db.close();

  const env = {
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-value',
    LOG_LEVEL: 'warn',
  };
  const full = await startServer('src/server/main.ts', env);
  const bare = await startServer('bench/bare-products.ts', env);
  try {
    for (const size of SIZES) {
      await fillCatalogue(size);
      const url = (base: string) => `${base}/api/products`;

      // Same JSON from both, byte for byte (the first full-stack read after the change also times the refill).
      const coldStart = performance.now();
      const fullBody = await (await fetch(url(full.url))).text();
      const coldMs = Math.round(performance.now() - coldStart);
      const bareBody = JSON.stringify(await (await fetch(url(bare.url))).json());
      if (fullBody !== bareBody) throw new Error(`The full stack and the bare route disagree at ${size} products`);
      const etag = (await fetch(url(full.url))).headers.get('etag')!;

      const results: Record<string, LoadResult> = {
        'full stack': await load(url(full.url)),
        'full stack, brotli': await load(url(full.url), { headers: { 'accept-encoding': 'br, gzip' } }),
        'full stack, If-None-Match (304)': await load(url(full.url), { headers: { 'if-none-match': etag } }),
        'bare route': await load(url(bare.url)),
      };
      const ratio = printComparison(
        `GET /api/products with ${size} products (${(fullBody.length / 1024).toFixed(0)} kB JSON), 50 connections, 10 s`,
        results['full stack']!,
        results['bare route']!,
        size === 1000 ? '>= 5, p99 < 150 ms' : 'report',
      );
      console.table(results);
      const one = {
        full: await singleRequestMs(url(full.url)),
        fullBrotli: await singleRequestMs(url(full.url), { 'accept-encoding': 'br' }),
        bare: await singleRequestMs(url(bare.url)),
      };
      console.log(
        `one request at a time: full ${one.full} ms, full brotli ${one.fullBrotli} ms, bare ${one.bare} ms; first read after a change ${coldMs} ms`,
      );
      rows.push({
        products: size,
        'JSON kB': Math.round(fullBody.length / 1024),
        'full req/s': results['full stack']!.requestsPerSec,
        'full p99 ms': results['full stack']!.p99,
        'brotli req/s': results['full stack, brotli']!.requestsPerSec,
        '304 req/s': results['full stack, If-None-Match (304)']!.requestsPerSec,
        'bare req/s': results['bare route']!.requestsPerSec,
        'bare p99 ms': results['bare route']!.p99,
        ratio: Number(ratio.toFixed(1)),
        'one req full ms': one.full,
        'one req bare ms': one.bare,
        'refill ms': coldMs,
      });
    }
  } finally {
    await full.stop();
    await bare.stop();
  }
  console.log('\nSummary');
  console.table(rows);
} finally {
  await sql.end();
  await database.drop();
}
