import { createDb } from '../db/client';
import { seedDemoData } from '../src/server/demo/seed';
import { compareInterleaved, createBenchDatabase, printInterleaved, startServer } from './lib';

// GET /api/business/settings through the whole stack (Fastify, security hooks, context with session
// lookup, tRPC + OpenAPI adapter, zod output) against the bare route serving the same JSON from the same query.
const database = await createBenchDatabase('settings');
try {
  const db = await createDb({ url: database.url });
  await db.migrate();
  await seedDemoData(db.db, { publicUrl: 'http://localhost:3000' });
  await db.close();

  const env = {
    DATABASE_URL: database.url,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-value',
    LOG_LEVEL: 'warn',
  };
  const full = await startServer('src/server/main.ts', env);
  const bare = await startServer('bench/bare-settings.ts', env);
  const comparison = await compareInterleaved(full, bare, '/api/business/settings', database.name);
  await full.stop();
  await bare.stop();

  printInterleaved(
    'GET /api/business/settings, 50 connections, 4 alternating rounds of 5 s',
    comparison,
    '>= 0.70, p99 < 50 ms',
  );
} finally {
  await database.drop();
}
