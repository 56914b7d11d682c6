import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createDb } from '../db/client';
import { users } from '../db/schema/index';
import { DEMO_ADMIN_EMAIL, seedDemoData } from '../src/server/demo/seed';
import { createApiKey } from '../src/server/integrations/api-keys';
import { toSessionUser, userColumns } from '../src/server/auth/sessions';
import autocannon from 'autocannon';
import { compareInterleaved, createBenchDatabase, loadAverage, printInterleaved, startServer } from './lib';

// GET /api/auth/user with an API key through the whole stack (security hooks, key lookup and the key's rate-limit
// counter in the request context, REST adapter, access check, zod output) against a bare Fastify route doing the
// same key lookup and nothing else (less work on purpose: no counting). Then what an Idempotency-Key costs a write:
// POST /api/products with a key, with and without a fresh Idempotency-Key per request, in alternating rounds.
// At the default limit (API_KEY_RATE_LIMIT 600 a minute, so each instance claims 30 at a time from the shared
// counter): one key would be refused after 600 requests, so the requests take turns among KEYS keys, each kept
// under its limit for the whole run. A 429 would mean the benchmark measured refusals: it fails then.
const KEYS = 500;
const database = await createBenchDatabase('api_key');
try {
  const db = await createDb({ url: database.url });
  await db.migrate();
  await seedDemoData(db.db, { publicUrl: 'http://localhost:3000' });
  const [admin] = await db.db.select(userColumns).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
  const keys: string[] = [];
  for (let i = 0; i < KEYS; i++) {
    const { key } = await createApiKey(db.db, toSessionUser(admin!), {
      name: `Bench ${i}`,
      permissions: ['orders.view', 'products.view', 'products.create'],
    });
    keys.push(key);
  }
  await db.close();

  const env = {
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-value',
    LOG_LEVEL: 'warn',
    OIDC_CLIENT_ID: 'bench',
    OIDC_CLIENT_SECRET: 'bench',
  };
  let turn = 0;
  const headers = () => ({ authorization: `Bearer ${keys[turn++ % KEYS]}` });

  const full = await startServer('src/server/main.ts', env);
  const bare = await startServer('bench/bare-api-key.ts', env);
  for (const server of [full, bare]) {
    const check = await fetch(`${server.url}/api/auth/user`, { headers: headers() });
    if (check.status !== 200) throw new Error(`${server.url} answered ${check.status}`);
  }
  const comparison = await compareInterleaved(full, bare, '/api/auth/user', database.name, { headers });
  await bare.stop();
  printInterleaved(
    `GET /api/auth/user with an API key (default limit 600 a minute, requests taking turns among ${KEYS} keys), ` +
      '50 connections, 4 alternating rounds of 5 s',
    comparison,
    '>= 0.75',
  );
  if (comparison.full.non2xx > 0) throw new Error(`${comparison.full.non2xx} answers were not 200: more keys needed`);
  console.log(`load average ${loadAverage()}`);

  const write = (keyed: boolean) =>
    autocannon({
      url: `${full.url}/api/products`,
      connections: 10,
      duration: 5,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench candle', price: '12.50' }),
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, ...headers(), ...(keyed && { 'idempotency-key': randomUUID() }) },
          }),
        },
      ],
    });
  await write(false);
  const rounds: Record<string, number | string>[] = [];
  for (let i = 0; i < 4; i++) {
    for (const keyed of i % 2 === 0 ? [false, true] : [true, false]) {
      const result = await write(keyed);
      rounds.push({
        round: i + 1,
        'Idempotency-Key': keyed ? 'yes' : 'no',
        'req/s': Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        'non-2xx': result.non2xx + result.errors,
      });
    }
  }
  await full.stop();
  console.log('\nPOST /api/products with an API key, 10 connections, 4 alternating rounds of 5 s');
  console.table(rounds);
  console.log(`load average ${loadAverage()}`);
} finally {
  await database.drop();
}
