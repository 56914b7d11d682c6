import { performance } from 'node:perf_hooks';
import { createDb } from '../db/client';
import { users } from '../db/schema/index';
import { DEMO_ADMIN_EMAIL, seedDemoData } from '../src/server/demo/seed';
import { hashPassword, verifyPassword } from '../src/server/auth/passwords';
import { createSession } from '../src/server/auth/sessions';
import { defaultEmployeePermissions } from '../src/shared/roles';
import { eq } from 'drizzle-orm';
import { compareInterleaved, createBenchDatabase, percentile, printInterleaved, startServer } from './lib';

// GET /api/auth/user with a valid session through the whole stack (security hooks, session lookup in the
// request context, REST adapter, access check, zod output) against a bare Fastify route doing the same lookup.
// Then the cost of one employee login (argon2id m=19456, t=2, p=1 dominates it).
const LOGINS = 20;
const PASSWORD = 'bench-password-2026';

const database = await createBenchDatabase('auth_user');
try {
  const db = await createDb({ url: database.url });
  await db.migrate();
  await seedDemoData(db.db, { publicUrl: 'http://localhost:3000' });
  const [admin] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
  const { token } = await createSession(db.db, admin!.id);
  // One account per login measured: the per-account limit (10 per 15 minutes) must not answer instead.
  const passwordHash = await hashPassword(PASSWORD);
  await db.db.insert(users).values(
    Array.from({ length: LOGINS }, (_, i) => ({
      email: `bench${i}@example.com`,
      role: 'employee' as const,
      passwordHash,
      permissions: defaultEmployeePermissions,
    })),
  );
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

  const full = await startServer('src/server/main.ts', env);
  const bare = await startServer('bench/bare-auth-user.ts', env);
  const check = await fetch(`${full.url}/api/auth/user`, { headers });
  if (check.status !== 200) throw new Error(`full stack answered ${check.status}`);
  const comparison = await compareInterleaved(full, bare, '/api/auth/user', database.name, { headers });
  await bare.stop();

  // The cost of one login, measured end to end over HTTP, one after another (each from its own address
  // via X-Forwarded-For, which production trusts from its proxy, so the per-IP limit stays out of the way).
  const loginMs: number[] = [];
  for (let i = 0; i < LOGINS; i++) {
    const started = performance.now();
    const res = await fetch(`${full.url}/api/employee/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i + 1}` },
      body: JSON.stringify({ email: `bench${i}@example.com`, password: PASSWORD }),
    });
    loginMs.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  }
  await full.stop();

  printInterleaved(
    'GET /api/auth/user with a session, 50 connections, 4 alternating rounds of 5 s',
    comparison,
    '>= 0.75, p99 < 50 ms',
  );

  const verifyMs: number[] = [];
  for (let i = 0; i < LOGINS; i++) {
    const started = performance.now();
    await verifyPassword(passwordHash, PASSWORD);
    verifyMs.push(performance.now() - started);
  }
  console.log('\nCost of one login (POST /api/employee/login, sequential, over HTTP)');
  console.table({
    'full login request': {
      p50: +percentile(loginMs, 50).toFixed(1),
      p90: +percentile(loginMs, 90).toFixed(1),
      max: +Math.max(...loginMs).toFixed(1),
    },
    'argon2id verify alone': {
      p50: +percentile(verifyMs, 50).toFixed(1),
      p90: +percentile(verifyMs, 90).toFixed(1),
      max: +Math.max(...verifyMs).toFixed(1),
    },
  });
  console.log(
    `≈ ${Math.round(1000 / percentile(verifyMs, 50))} password checks per second per core (ms figures above)`,
  );
} finally {
  await database.drop();
}
