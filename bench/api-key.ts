import { eq } from 'drizzle-orm';
import { createDb } from '../db/client';
import { users } from '../db/schema/index';
import { DEMO_ADMIN_EMAIL, seedDemoData } from '../src/server/demo/seed';
import { createApiKey } from '../src/server/integrations/api-keys';
import { toSessionUser, userColumns } from '../src/server/auth/sessions';
import { compareInterleaved, createBenchDatabase, printInterleaved, startServer } from './lib';

// GET /api/auth/user with an API key through the whole stack (security hooks, key lookup and the key's rate-limit
// counter in the request context, REST adapter, access check, zod output) against a bare Fastify route doing the
// same key lookup and nothing else.
const database = await createBenchDatabase('api_key');
try {
  const db = await createDb({ url: database.url });
  await db.migrate();
  await seedDemoData(db.db, { publicUrl: 'http://localhost:3000' });
  const [admin] = await db.db.select(userColumns).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
  const { key } = await createApiKey(db.db, toSessionUser(admin!), {
    name: 'Bench',
    permissions: ['orders.view', 'products.view'],
  });
  await db.close();

  const env = {
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-value',
    LOG_LEVEL: 'warn',
    OIDC_CLIENT_ID: 'bench',
    OIDC_CLIENT_SECRET: 'bench',
    // The bench measures the cost of counting, not the refusals.
    API_KEY_RATE_LIMIT: '1000000',
  };
  const headers = { authorization: `Bearer ${key}` };

  const full = await startServer('src/server/main.ts', env);
  const bare = await startServer('bench/bare-api-key.ts', env);
  for (const server of [full, bare]) {
    const check = await fetch(`${server.url}/api/auth/user`, { headers });
    if (check.status !== 200) throw new Error(`${server.url} answered ${check.status}`);
  }
  const comparison = await compareInterleaved(full, bare, '/api/auth/user', { headers });
  await bare.stop();
  await full.stop();
  printInterleaved(
    'GET /api/auth/user with an API key, 50 connections, 4 alternating rounds of 5 s',
    comparison,
    '>= 0.75',
  );
} finally {
  await database.drop();
}
