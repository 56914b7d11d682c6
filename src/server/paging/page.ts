import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client';
import { isUuid } from '../../shared/ids';
import type { PageQuery } from '../../shared/page-schema';
import { AppError } from '../app-error';

/**
 * One way to page the lists an integrator walks (docs/integrations.md, Reconciliation). A page is keyset-paged:
 * its cursor holds the sort value and the id of the page's last item, so items written meanwhile neither repeat
 * nor push others out of the walk. The cursor is opaque to callers (base64url of JSON) and checked when read.
 */
export interface Page<T> {
  items: T[];
  /** The cursor of the next page; null on the last one. */
  nextCursor: string | null;
}

/** Whether the caller asked for a page at all: without paging parameters a list answers as it always has. */
export const isPaged = (query: PageQuery | undefined): query is PageQuery =>
  !!query && (query.limit !== undefined || query.cursor !== undefined || query.updatedSince !== undefined);

/**
 * A timestamp as the API writes instants, to the microsecond the database keeps: two changes within one
 * millisecond still tell which came later, and an `updatedAt` sent back as `updatedSince` names the very instant.
 */
export const isoInstant = (column: AnyColumn | SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Which order a cursor continues: by updatedAt ascending (`u`), or newest first by creation (`c`). */
export type Walk = 'u' | 'c';

interface Position {
  at: string;
  id: string;
}

export const badCursor = () =>
  new AppError('BAD_REQUEST', 'This cursor is not one this list gave; start again without it.');

function encodeCursor(walk: Walk, at: string, id: string): string {
  return Buffer.from(JSON.stringify([walk, at, id])).toString('base64url');
}

/** The position a cursor names; a cursor this list did not give (or another order's) is refused with a 400. */
export function decodeCursor(cursor: string, walk: Walk): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== walk) throw badCursor();
  const [, at, id] = parsed as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string' || !isUuid(id)) throw badCursor();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at) || Number.isNaN(Date.parse(at))) throw badCursor();
  return { at, id };
}

/** The instant `updatedSince` names, written as `isoInstant` writes them (so the two compare as text too). */
function sinceInstant(updatedSince: string): string {
  const micros = /\.\d{3}(\d{3})/.exec(updatedSince)?.[1] ?? '000';
  // Date keeps milliseconds; the digits beyond them are exact only for an instant written in UTC.
  return new Date(updatedSince).toISOString().replace('Z', /Z$/i.test(updatedSince) ? `${micros}Z` : '000Z');
}

/**
 * The instant a walk by updatedAt stops before: now, or the start of the oldest transaction of another connection
 * that is running a statement or has written (its rows are stamped at or after its start, but show only when it
 * commits). Every row stamped before it is committed and visible to the page read after it, so a walk that stops
 * there passes nothing still being written, and the next walk can start at the last `updatedAt` this one saw
 * (docs/integrations.md, Reconciliation). Read in its own statement, before the page's: the page's snapshot is
 * then taken after it. The statistics are cleared first, as a transaction otherwise keeps its first reading.
 * Another database role's transactions are hidden from it: the app's connections share one role. Autovacuum and
 * other server processes stamp no rows and are left out.
 */
async function walkHorizon(db: Tx): Promise<string> {
  await db.execute(sql`select pg_stat_clear_snapshot()`);
  const [row] = rowsOf<{ horizon: string }>(
    await db.execute(
      sql`select ${isoInstant(sql`least(clock_timestamp(), (
      select min(xact_start) from pg_stat_activity
      where pid <> pg_backend_pid() and datname = current_database()
        and (backend_xid is not null or backend_xmin is not null)))`)} as horizon`,
    ),
  );
  return row!.horizon;
}

/**
 * The condition of a walk by updatedAt, then id (ascending): from `updatedSince` on (inclusive), after the cursor's
 * item, and before any change still being written (walkHorizon). `at` is the timestamp column, `id` the uuid one.
 */
export async function updatedWalk(db: Tx, query: PageQuery, at: AnyColumn | SQL, id: AnyColumn | SQL): Promise<SQL> {
  const conditions: SQL[] = [];
  if (query.updatedSince) conditions.push(sql`${at} >= ${sinceInstant(query.updatedSince)}::timestamptz`);
  if (query.cursor) {
    const position = decodeCursor(query.cursor, 'u');
    conditions.push(sql`(${at}, ${id}) > (${position.at}::timestamptz, ${position.id}::uuid)`);
  }
  conditions.push(sql`${at} < ${await walkHorizon(db)}::timestamptz`);
  return sql.join(conditions, sql` and `);
}

/** The page of rows read with `limit + 1`: the extra row only says that more follow. */
export function pageOf<T extends { id: string }>(
  rows: T[],
  limit: number,
  walk: Walk,
  atOf: (row: T) => string,
): Page<T> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(walk, atOf(last), last.id) : null };
}

/** How many items a page holds when the caller names no limit. */
export const DEFAULT_PAGE_LIMIT = 100;

/** A list held in memory (the catalogue) walked by updatedAt, then id, exactly as the database walks it. */
function pageInMemory<T extends { id: string; updatedAt: string }>(items: T[], query: PageQuery): Page<T> {
  const since = query.updatedSince ? sinceInstant(query.updatedSince) : undefined;
  const after = query.cursor ? decodeCursor(query.cursor, 'u') : undefined;
  const walked = items
    .filter(
      (item) =>
        (!since || item.updatedAt >= since) &&
        (!after || item.updatedAt > after.at || (item.updatedAt === after.at && item.id > after.id)),
    )
    .sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : a.id < b.id ? -1 : 1));
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  return pageOf(walked.slice(0, limit + 1), limit, 'u', (item) => item.updatedAt);
}

/** A list held in memory: a page of it when the caller asked for one, else all of it as always. */
export function pageOrAll<T extends { id: string; updatedAt: string }>(
  items: readonly T[],
  query: PageQuery | undefined,
): Page<T> {
  return isPaged(query) ? pageInMemory([...items], query) : { items: [...items], nextCursor: null };
}
