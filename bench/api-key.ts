import { eq } from 'drizzle-orm';
import { createDb } from '../db/client';
import { users } from '../db/schema/index';
import { DEMO_ADMIN_EMAIL, seedDemoData } from '../src/server/demo/seed';
import { createApiKey } from '../src/server/integrations/api-keys';
import { toSessionUser, userColumns } from '../src/server/auth/sessions';
import { compareInterleaved, createBenchDatabase, printInterleaved, startServer } from './lib';

// GET /api/auth/user with an API key through the whole stack (security hooks, key lookup and the key's rate-limit
// counter in the request context, REST adapter, access check, zod output) against a bare Fastify route doing the
// same key lookup and nothing else (less work on purpose: no counting).
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
      permissions: ['orders.view', 'products.view'],
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
  await full.stop();
  printInterleaved(
    `GET /api/auth/user with an API key (default limit 600 a minute, requests taking turns among ${KEYS} keys), ` +
      '50 connections, 4 alternating rounds of 5 s',
    comparison,
    '>= 0.75',
  );
  if (comparison.full.non2xx > 0) throw new Error(`${comparison.full.non2xx} answers were not 200: more keys needed`);
} finally {
  await database.drop();
}
