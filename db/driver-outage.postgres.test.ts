import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, rowsOf, type Database } from './client';

// PostgreSQL only. postgres.js 3.4.9 as published crashes the process when a transaction's connection dies
// mid-query: its own ROLLBACK is flushed to a socket that is already gone, from a setImmediate nobody can
// catch. scripts/patch-postgres.mjs mends the driver at install; without it this file fails with that
// uncaught TypeError.

const url = process.env.DATABASE_URL!;
let database: Database;
let killer: postgres.Sql;
const uncaught: unknown[] = [];
const record = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  database = await createDb({ url, maxConnections: 2 });
  killer = postgres(url, { max: 1, onnotice: () => {} });
  process.on('uncaughtException', record);
});
afterAll(async () => {
  process.off('uncaughtException', record);
  await database?.close();
  await killer?.end();
});

it('rejects a transaction whose connection dies mid-query, without crashing, and serves the next query', async () => {
  let pid: number | undefined;
  const transaction = database.db.transaction(async (tx) => {
    pid = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]?.pid;
    await tx.execute(sql`select pg_sleep(10)`);
  });
  const outcome = transaction.then(
    () => 'committed',
    (error: { code?: string }) => error.code,
  );
  while (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
  await killer`select pg_terminate_backend(${pid})`;

  expect(await outcome).toBe('CONNECTION_CLOSED');
  // The crash came from a setImmediate after the rejection: give it several turns to happen.
  for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(uncaught).toEqual([]);

  const rows = rowsOf<{ answer: number }>(await database.db.execute(sql`select 41 + 1 as answer`));
  expect(rows).toEqual([{ answer: 42 }]);
});
