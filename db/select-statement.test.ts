import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, selectStatement, type Database, type Tx } from './client';

// selectStatement builds a drizzle select once and answers each run as drizzle would have: the same nested objects,
// the same column types, a left join's missing row as null, on either driver, on the database or in a transaction.

const suffix = randomBytes(4).toString('hex');
const owners = pgTable(`select_owners_${suffix}`, {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
});
const things = pgTable(`select_things_${suffix}`, {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id'),
  price: numeric('price', { precision: 10, scale: 2 }).notNull(),
  count: integer('count').notNull(),
  madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
});

const select = (db: Tx) =>
  db
    .select({
      id: things.id,
      price: things.price,
      count: things.count,
      madeAt: things.madeAt,
      label: sql<string>`'#' || ${things.count}`,
      owner: { id: owners.id, name: owners.name },
    })
    .from(things)
    .leftJoin(owners, eq(owners.id, things.ownerId));
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const byIds = selectStatement<{ ids: string[] }, Row>((db) =>
  select(db)
    .where(sql`${things.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(things.count),
);

let database: Database;
let ids: string[];

beforeAll(async () => {
  database = await createDb({ url: process.env.TEST_DB === 'postgres' ? process.env.DATABASE_URL : undefined });
  await database.db.execute(
    sql`create table ${owners} (id uuid primary key default gen_random_uuid(), name text not null)`,
  );
  await database.db.execute(
    sql`create table ${things} (id uuid primary key default gen_random_uuid(), owner_id uuid, price numeric(10, 2) not null,
      count integer not null, made_at timestamptz not null)`,
  );
  const [owner] = await database.db.insert(owners).values({ name: 'Ada' }).returning();
  const made = await database.db
    .insert(things)
    .values([
      { ownerId: owner!.id, price: '12.50', count: 1, madeAt: new Date('2026-11-30T09:15:00Z') },
      { ownerId: null, price: '0.10', count: 2, madeAt: new Date('2026-12-01T23:59:59.123Z') },
      { ownerId: owner!.id, price: '3.00', count: 3, madeAt: new Date('2026-12-02T00:00:00Z') },
    ])
    .returning({ id: things.id });
  ids = made.map((row) => row.id);
});
afterAll(async () => {
  await database?.db.execute(sql`drop table if exists ${things}`);
  await database?.db.execute(sql`drop table if exists ${owners}`);
  await database?.close();
});

it('answers what the same select answers when drizzle builds it', async () => {
  const asked = [ids[0]!, ids[1]!];
  const built = await select(database.db).where(inArray(things.id, asked)).orderBy(things.count);
  const once = await byIds(database.db, { ids: asked });
  expect(once).toEqual(built);
  expect(once[0]).toMatchObject({ price: '12.50', count: 1, label: '#1', owner: { name: 'Ada' } });
  expect(once[0]!.madeAt).toEqual(new Date('2026-11-30T09:15:00Z'));
  // The left join found no owner: null, not an object of nulls.
  expect(once[1]!.owner).toBeNull();
  expect(once[1]!.madeAt).toEqual(new Date('2026-12-01T23:59:59.123Z'));
});

it('runs again with other values, on the database and in transactions, with the text built once', async () => {
  expect((await byIds(database.db, { ids: [ids[2]!] })).map((row) => row.count)).toEqual([3]);
  const inTransaction = await database.db.transaction((tx) => byIds(tx, { ids }));
  expect(inTransaction.map((row) => row.count)).toEqual([1, 2, 3]);
  expect(await byIds(database.db, { ids: [] })).toEqual([]);
});
