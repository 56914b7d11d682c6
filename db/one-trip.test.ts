import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createDb, queryRows, statement, transactionInOneTrip, type Database } from './client';
import { sqlState } from './errors';

// transactionInOneTrip sends BEGIN, the statements and COMMIT together on PostgreSQL (an ordinary transaction on
// PGlite): all of them commit, or none.

let database: Database;
// A table of its own on the shared PostgreSQL database (TEST_DB=postgres), dropped afterwards.
const table = sql.identifier(`one_trip_${randomBytes(4).toString('hex')}`);
const insert = statement<{ value: number }, { value: number }>(
  sql`insert into ${table} (value) values (${sql.placeholder('value')}::int) returning value`,
);
const values = async () =>
  (await queryRows<{ value: number }>(database.db, sql`select value from ${table} order by value`)).map((r) => r.value);

beforeAll(async () => {
  database = await createDb({ url: process.env.TEST_DB === 'postgres' ? process.env.DATABASE_URL : undefined });
  await database.db.execute(sql`create table ${table} (value int primary key)`);
});
afterAll(async () => {
  await database?.db.execute(sql`drop table if exists ${table}`);
  await database?.close();
});

it('commits every statement and answers each one, in order', async () => {
  const [first, second] = await transactionInOneTrip(database.db, (tx) => [
    insert(tx, { value: 1 }),
    insert(tx, { value: 2 }),
  ]);
  expect([first, second]).toEqual([[{ value: 1 }], [{ value: 2 }]]);
  expect(await values()).toEqual([1, 2]);
});

it('commits nothing when a statement fails, and throws that failure rather than the ones it caused', async () => {
  const outcome = transactionInOneTrip(database.db, (tx) => [
    insert(tx, { value: 3 }),
    insert(tx, { value: 1 }), // taken
    insert(tx, { value: 4 }),
  ]);
  await expect(outcome).rejects.toSatisfy((error) => sqlState(error) === '23505');
  expect(await values()).toEqual([1, 2]);
});

it('reports the failure itself, not a later statement refused because of it, in whatever order they are listed', async () => {
  const outcome = transactionInOneTrip(database.db, (tx) => {
    const taken = insert(tx, { value: 1 });
    return [insert(tx, { value: 6 }), taken];
  });
  await expect(outcome).rejects.toSatisfy((error) => sqlState(error) === '23505');
  expect(await values()).toEqual([1, 2]);
});

it('commits nothing when starting the statements throws', async () => {
  const outcome = transactionInOneTrip(database.db, (tx): [] => {
    void insert(tx, { value: 5 });
    throw new Error('a payload that fails its schema');
  });
  await expect(outcome).rejects.toThrow('a payload that fails its schema');
  expect(await values()).toEqual([1, 2]);
});

it('leaves its connection ready for the next statement after a failure', async () => {
  await expect(transactionInOneTrip(database.db, (tx) => [insert(tx, { value: 1 })])).rejects.toSatisfy(
    (error) => sqlState(error) === '23505',
  );
  // More than a pool's worth: a connection left inside a transaction would keep these rows from the next read.
  for (let value = 10; value < 40; value++) await transactionInOneTrip(database.db, (tx) => [insert(tx, { value })]);
  expect((await values()).length).toBe(32);
});
