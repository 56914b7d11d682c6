import { mkdirSync } from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, Param, Placeholder, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
// Not in drizzle's declared API: how its own selects order their fields for mapping rows (see selectStatement).
// @ts-expect-error -- exported by the module, left out of its type declarations
import { orderSelectedFields } from 'drizzle-orm/utils';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { fileURLToPath } from 'node:url';
import { isDatabaseUnavailable, sqlState } from './errors';

const TRANSACTION_ABORTED = '25P02';
// No schema is given to drizzle: nothing uses its relational queries (`db.query`), and with one every transaction
// built a query builder per table, about 2 % of a booking's server CPU.
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs handler for every NOTIFY on channel, from any app instance. Returns the unsubscribe function.
   * onListen runs once listening has begun and again each time the listening connection comes back after a
   * loss (NOTIFY has no replay: whoever cares re-reads what changed meanwhile).
   */
  listen(channel: string, handler: (payload: string) => void, onListen?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DbConfig {
  /** postgres://… ; absent means embedded PGlite. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** PGlite: start from this dump of a data directory (`migratedPgliteDump`) instead of an empty database. */
  loadDataDir?: Blob;
  /** postgres.js pool size. */
  maxConnections?: number;
}

// Beside this module in the sources (db/migrations) and in the build, which bundles this code directly into
// dist/server and copies the migrations to dist/server/migrations.
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant shared by every instance: serialises concurrent start-ups that migrate the same database.
const MIGRATION_LOCK_KEY = 727_271_001;

export async function createDb(config: DbConfig): Promise<Database> {
  return config.url
    ? createPostgres(config.url, config.maxConnections ?? 10)
    : createPglite(config.dataDir, config.loadDataDir);
}

const pgliteExtensions = { btree_gist, pg_trgm };

async function createPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: pgliteExtensions });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    listen: async (channel, handler, onListen) => {
      const unsubscribe = await client.listen(channel, handler);
      // One embedded database in this process: its connection is never lost.
      onListen?.();
      return async () => unsubscribe();
    },
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * An in-memory PGlite database, migrated, as a dump of its data directory: `createDb({ loadDataDir })` starts from
 * it in about a third of the CPU of creating and migrating one (the tests make one per file).
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    // PGlite works in template1; template0 and postgres are copies of an empty catalogue nothing opens. Without them
    // the dump has 711 files instead of 1,309 (16 MB instead of 31): loading it, most of which is the in-memory file
    // system making each file, took 0.72-1.01 s of CPU instead of 1.03-1.33 s.
    await client.exec(`update pg_database set datistemplate = false where datname = 'template0'`);
    await client.exec('drop database template0');
    await client.exec('drop database postgres');
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

async function createPostgres(url: string, max: number): Promise<Database> {
  const client = postgres(url, {
    max,
    onnotice: () => {},
    // Fail fast while the database is away so requests get 503 instead of hanging.
    connect_timeout: 5,
    // postgres.js waits 3^n/100 s (up to 20 s) before reconnecting after n failed attempts, and every
    // request during an outage is an attempt: a one-second outage meant ten seconds of 503s after the
    // database was back. At most one second between attempts (with jitter) keeps recovery within that.
    backoff: (retries: number) => (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** retries, 1),
    // Keep timestamps as strings at the driver level; drizzle maps them.
    connection: { application_name: 'storefront' },
  });
  const db = drizzlePostgres(alwaysPrepared(client)) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    listen: async (channel, handler, onListen) => {
      const subscription = await client.listen(channel, (payload) => handler(payload), onListen);
      return () => subscription.unlisten();
    },
    notify: async (channel, payload) => {
      await client.notify(channel, payload);
    },
    migrate: async () => {
      const lock = await client.reserve();
      try {
        await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(drizzlePostgres(client), { migrationsFolder });
      } finally {
        await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
        lock.release();
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * drizzle sends its queries with postgres.js `unsafe()`, which does not prepare them, so PostgreSQL parses
 * and plans every query again; preparing (postgres.js keeps one statement per query text and connection)
 * made small reads up to 4x faster here. A transaction's handle (and a savepoint's) is wrapped the same way:
 * the checkout's statements are the same text every time.
 */
function alwaysPrepared<S extends postgres.Sql | postgres.TransactionSql>(client: S): S {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'unsafe') {
        return (query: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
          target.unsafe(query, params, { ...options, prepare: true });
      }
      if (property === 'begin' || property === 'savepoint') {
        // Both take the callback last: begin([options], fn), savepoint([name], fn).
        return (...args: unknown[]) => {
          const fn = args.pop() as (sql: postgres.TransactionSql) => unknown;
          return (value as (...a: unknown[]) => unknown).apply(target, [
            ...args,
            (sql: postgres.TransactionSql) => fn(alwaysPrepared(sql)),
          ]);
        };
      }
      return value;
    },
  });
}

/** Rows of a raw SQL query on either driver (PGlite answers { rows }, postgres.js an array). */
export async function queryRows<T>(db: Tx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** The rows of a `db.execute` result: postgres.js answers an array, PGlite `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

const dialect = new PgDialect();

/**
 * A statement whose text drizzle builds once, with `sql.placeholder('name')` where each run's values go; it runs on
 * the database or inside a transaction, on either driver, and answers raw rows (columns as the SQL names them).
 * Building a query is drizzle's dearest step: 0.1-0.25 ms of CPU for a join or a wide insert, more than PostgreSQL
 * spends running it, so the statements every booking runs are written so. An array goes in as one parameter
 * (`= any(${sql.placeholder('ids')}::uuid[])`), so the text is the same for any number of values.
 */
export function statement<Values extends Record<string, unknown>, Row>(query: SQLWrapper) {
  let built: { text: string; values: ((values: Values) => unknown)[] } | undefined;
  return async (db: Tx, values: Values): Promise<Row[]> => {
    built ??= buildOnce(query);
    return runText<Row>(
      db,
      built.text,
      built.values.map((valueOf) => valueOf(values)),
    );
  };
}

/**
 * A drizzle select built once, as `statement` is, answered as drizzle answers it (the selection's nested objects and
 * column types): for the reads that run for every batch of follow-ups (an appointment with its service and people,
 * say), where building the join again took longer than PostgreSQL takes to run it. `select` writes the query with
 * `sql.placeholder`s; it is called once, with the first handle, and each run prepares the built text on its own.
 */
export function selectStatement<Values extends Record<string, unknown>, Row>(select: (db: Tx) => Selecting<Row>) {
  let built: { query: Query; fields: unknown; joins: Record<string, boolean> } | undefined;
  return (db: Tx, values: Values): Promise<Row[]> => {
    if (!built) {
      // drizzle keeps a select's fields and which of its joins may be null to itself: read as its own prepare() does.
      const builder = select(db) as unknown as {
        getSQL(): SQL;
        config: { fields: Record<string, unknown> };
        joinsNotNullableMap: Record<string, boolean>;
      };
      built = {
        query: dialect.sqlToQuery(builder.getSQL()),
        fields: orderSelectedFields(builder.config.fields),
        joins: builder.joinsNotNullableMap,
      };
    }
    const { session } = db as unknown as {
      session: {
        prepareQuery(query: Query, fields: unknown, name: undefined, arrayMode: true): PreparedSelect<Row>;
      };
    };
    const prepared = session.prepareQuery(built.query, built.fields, undefined, true);
    prepared.joinsNotNullableMap = built.joins;
    return prepared.execute(values);
  };
}

/** A drizzle select with its rows' type (what `db.select(…).from(…)…` gives). */
interface Selecting<Row> extends SQLWrapper {
  execute(): Promise<Row[]>;
}

interface PreparedSelect<Row> {
  joinsNotNullableMap?: Record<string, boolean>;
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

function buildOnce<Values extends Record<string, unknown>>(query: SQLWrapper) {
  const { sql: text, params } = dialect.sqlToQuery(query.getSQL());
  const values = params.map((param): ((values: Values) => unknown) => {
    if (is(param, Placeholder)) return (values) => values[param.name];
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { name } = param.value;
      return (values) => (values[name] === null ? null : param.encoder.mapToDriverValue(values[name]));
    }
    return () => param;
  });
  return { text, values };
}

/** What runs a statement's text under a drizzle handle: postgres.js's `Sql` (or a transaction's) or PGlite. */
type Driver =
  | {
      unsafe(
        text: string,
        params: unknown[],
        options: { prepare: boolean },
      ): Promise<unknown[]> & { execute(): unknown };
    }
  | { query(text: string, params: unknown[], options: typeof pgliteRaw): Promise<{ rows: unknown[] }> };

// What drizzle's PGlite driver asks for with `db.execute`: instants, dates and intervals (and arrays of them) as
// the database writes them, as postgres.js answers them under drizzle.
const asText = (value: string) => value;
const pgliteRaw = {
  rowMode: 'object' as const,
  parsers: Object.fromEntries(
    [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
      oid,
      asText,
    ]),
  ),
};

const driverOf = (db: Tx) => (db as unknown as { session: { client: Driver } }).session.client;

/**
 * Sends a built statement's text to the driver under the handle, past drizzle: running even a built text through
 * `db.execute` walked it again as SQL chunks, about 6 % of the server's CPU per booking. Errors reach the caller as
 * the driver raises them (the database's code on the error itself, where drizzle puts it on `cause`; `db/errors.ts`
 * reads both).
 */
async function runText<Row>(db: Tx, text: string, params: unknown[]): Promise<Row[]> {
  const driver = driverOf(db);
  if ('unsafe' in driver) return (await handedNow(driver.unsafe(text, params, { prepare: true }))) as Row[];
  return (await driver.query(text, params, pgliteRaw)).rows as Row[];
}

/**
 * A postgres.js query goes to its connection a microtask after something first asks for its answer, and an `await`
 * asks only a microtask later: statements started one after another could reach the connection out of order when
 * their callers awaited at different depths. Handed over at once, they reach it in the order they were started.
 */
function handedNow<Q extends { execute(): unknown }>(query: Q): Q {
  query.execute();
  return query;
}

/** The answers of statements sent together, in their order. */
export type Answers<T extends readonly Promise<unknown>[]> = { -readonly [K in keyof T]: Awaited<T[K]> };

/**
 * Waits until every one of statements sent together has settled (a transaction must not go on while one is
 * pending), then throws the first failure in their order, or answers them all. A statement refused only because an
 * earlier one had failed (25P02: the transaction is aborted) is not the failure to report, whatever its place.
 */
async function settleInOrder<T extends readonly Promise<unknown>[]>(statements: readonly [...T]): Promise<Answers<T>> {
  const settled = await Promise.allSettled(statements);
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (failures.length) throw failures.find((reason) => sqlState(reason) !== TRANSACTION_ABORTED) ?? failures[0];
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as Answers<T>;
}

/**
 * One transaction sent in one round trip: BEGIN, the statements `issue` starts and COMMIT go to one connection
 * together, so its locks are held only while PostgreSQL runs them, never while this process gets round to sending
 * the next statement (a busy server took milliseconds to, and a booking's lock serialises every seat of a class).
 * `issue` starts all its statements before it returns and decides nothing on their answers (the type asks for the
 * started statements, so an async function does not fit): whatever must undo the transaction has to fail in the
 * database, which then turns the COMMIT into a rollback. Throws the first failure in order, or answers the
 * statements. A statement started after the COMMIT was sent is refused, not run on its own. On PGlite (one
 * connection in this process, no network) and inside a transaction, it is an ordinary transaction.
 */
export async function transactionInOneTrip<T extends readonly Promise<unknown>[]>(
  db: Tx,
  issue: (tx: Tx) => readonly [...T],
): Promise<Answers<T>> {
  const driver = driverOf(db);
  if (!('reserve' in driver)) return db.transaction((tx) => settleInOrder(issue(tx)));
  const connection = await (driver as postgres.Sql).reserve();
  let open = true;
  const guarded = new Proxy(connection, {
    get(target, property, receiver) {
      if (property === 'unsafe' && !open) throw new Error('A statement was started after its transaction was sent.');
      // drizzle reads the pool's options (its type parsers) from the handle; a reserved connection has none.
      if (property === 'options') return (driver as postgres.Sql).options;
      return Reflect.get(target, property, receiver);
    },
  });
  let lost = false;
  try {
    const begin = handedNow(connection.unsafe('begin'));
    let statements: readonly [...T];
    try {
      statements = issue(drizzlePostgres(alwaysPrepared(guarded)) as unknown as Tx);
    } catch (error) {
      // Nothing of it may commit: the statements started before the failure are rolled back.
      open = false;
      await Promise.allSettled([begin, handedNow(connection.unsafe('rollback'))]);
      throw error;
    }
    open = false;
    const commit = handedNow(connection.unsafe('commit'));
    const [, ...answers] = await settleInOrder([begin, ...statements, commit] as const);
    const committed = answers.pop() as postgres.RowList<postgres.Row[]>;
    // A failed statement is thrown above; a rollback without one would be a transaction this code did not expect.
    if (committed.command !== 'COMMIT') throw new Error(`The transaction ended with ${committed.command}.`);
    return answers as unknown as Answers<T>;
  } catch (error) {
    lost = isDatabaseUnavailable(error);
    throw error;
  } finally {
    // A connection that died is already back among the pool's closed ones, which reconnect when needed; released,
    // it would be put among the open ones and fail every query sent to it.
    if (!lost) connection.release();
  }
}
