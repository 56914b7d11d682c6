import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, rowsOf, statement, transactionInOneTrip, type Database } from './client';
import { isDatabaseUnavailable } from './errors';

// PostgreSQL only. postgres.js 3.4.9 as published crashes the process when a transaction's connection dies
// mid-query: its own ROLLBACK is flushed to a socket that is already gone, from a setImmediate nobody can
// catch. patches/postgres+3.4.9.patch mends the driver at install (patch-package); without it this file fails with
// that uncaught TypeError.

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

it('a transaction sent in one round trip whose connection dies is rejected, and the pool serves the next ones', async () => {
  // Another connection holds the lock, so the transaction waits on it until its backend is ended (`killer` has one
  // connection: this one, which also watches and ends the waiting backend).
  const holder = await killer.reserve();
  await holder`select pg_advisory_lock(4242)`;
  try {
    const lock = statement<Record<string, never>, unknown>(sql`select pg_advisory_xact_lock(4242)`);
    const outcome = transactionInOneTrip(database.db, (tx) => [lock(tx, {})]).then(
      () => 'committed',
      (error: unknown) => (isDatabaseUnavailable(error) ? 'unavailable' : String(error)),
    );
    let waiting: { pid: number }[] = [];
    while (!waiting.length) {
      waiting = await holder<{ pid: number }[]>`select pid from pg_stat_activity
        where wait_event_type = 'Lock' and query like '%pg_advisory_xact_lock(4242)%'`;
    }
    await holder`select pg_terminate_backend(${waiting[0]!.pid})`;
    expect(await outcome).toBe('unavailable');
  } finally {
    await holder`select pg_advisory_unlock(4242)`;
    holder.release();
  }
  for (let turn = 0; turn < 10; turn++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(uncaught).toEqual([]);
  // More than the pool's two connections, one after another and at once: none may land on the dead one.
  for (let i = 0; i < 4; i++) expect(rowsOf(await database.db.execute(sql`select ${i}::int as i`))).toEqual([{ i }]);
  const echo = statement<{ i: number }, { i: number }>(sql`select ${sql.placeholder('i')}::int as i`);
  const together = await Promise.all(
    [0, 1, 2, 3].map((i) => transactionInOneTrip(database.db, (tx) => [echo(tx, { i })])),
  );
  expect(together).toEqual([[[{ i: 0 }]], [[{ i: 1 }]], [[{ i: 2 }]], [[{ i: 3 }]]]);
});
