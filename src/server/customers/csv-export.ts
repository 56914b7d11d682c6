import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client';
import { AppError } from '../app-error';
import { zonedToInstant } from '../booking/zoned-time';
import { addCalendarDays, parseDate } from '../../shared/date-key';
import { CUSTOMER_ROLE } from '../../shared/roles';
import { exportMessages, type ExportKind } from '../../shared/csv-schema';
import { notErased } from './erased';

/**
 * Rows read per query. 100 rather than 1,000 keeps fewer rows in flight when a young collection comes: with 1,000,
 * 100,000 orders grew the process by 49-69 MB, with 100 by 10-16 MB, for 1,000 round trips instead of 100
 * (bench/README.md, CSV exports).
 */
const BATCH = 100;

/** Where the previous batch ended: the sort key of its last row. */
interface Position {
  /** As PostgreSQL writes it as text (an instant to the microsecond), cast back by the query that reads after it. */
  key: string;
  id: string;
}

interface BatchRow {
  cells: string[];
  position: Position;
}

interface ExportDefinition {
  /** The CSV's header row, in column order. */
  header: readonly string[];
  /** The instant column a date range filters on (null: the kind has no dates worth filtering). */
  dated: boolean;
  /** One batch after `after`, in the range, as CSV cells (in header order) and the row's position. */
  batch: (db: Tx, after: Position | null, range: SQL) => Promise<BatchRow[]>;
}

const iso = (v: string | Date | null) => (v == null ? '' : new Date(v).toISOString());
const text = (v: unknown) => (v == null ? '' : String(v));

/**
 * `(key, id) > (after)` for keyset paging: each batch starts where the last ended, whatever was written since. The
 * plain `key >= after.key` beside it is what lets PostgreSQL start the batch from the index on the key column alone
 * (orders_created_idx, …): it cannot read a row comparison into a single-column index, and without it every batch
 * read and sorted the whole table (100,000 orders: 26.9 s, bench/exports.ts).
 */
const after = (key: SQL, id: SQL, position: Position | null, type: 'timestamptz' | 'text' = 'timestamptz') => {
  if (!position) return sql``;
  const at = sql`${position.key}::${sql.raw(type)}`;
  return sql`and ${key} >= ${at} and (${key}, ${id}) > (${at}, ${position.id}::uuid)`;
};

const definitions: Record<ExportKind, ExportDefinition> = {
  orders: {
    header: [
      'Order',
      'Id',
      'Placed at',
      'Customer',
      'E-mail',
      'Status',
      'Payment',
      'Items',
      'Subtotal',
      'Discount',
      'Tax',
      'Total',
      'Refunded',
      'Notes',
    ],
    dated: true,
    // Each cell is written by PostgreSQL as the text the file shows, so a row is 15 strings and nothing is parsed
    // or rebuilt here: an export allocates less, and so promotes less garbage (bench/README.md, CSV exports).
    batch: (db, position, range) =>
      readBatch<Record<string, string>>(
        db,
        sql`
          select right(o.id::text, 8) as short_id, o.id, o.created_at::text as k,
                 to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as placed,
                 trim(both ' ' from coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as customer,
                 u.email, o.status, o.payment_status, o.subtotal, o.discount, o.tax, o.total, o.refunded_amount,
                 coalesce(o.notes, '') as notes,
                 coalesce((select string_agg(i.quantity || ' × ' || i.product_name, '; ' order by i.product_name)
                             from order_items i where i.order_id = o.id), '') as items
          from orders o join users u on u.id = o.user_id
          where true ${range} ${after(sql`o.created_at`, sql`o.id`, position)}
          order by o.created_at, o.id
          limit ${BATCH}`,
        (r) => ({
          cells: [
            r.short_id!,
            r.id!,
            r.placed!,
            r.customer!,
            r.email!,
            r.status!,
            r.payment_status!,
            r.items!,
            r.subtotal!,
            r.discount!,
            r.tax!,
            r.total!,
            r.refunded_amount!,
            r.notes!,
          ],
          position: { key: r.k!, id: r.id! },
        }),
      ),
  },
  appointments: {
    header: ['Id', 'Starts at', 'Duration (minutes)', 'Service', 'Employee', 'Customer', 'E-mail', 'Status', 'Notes'],
    dated: true,
    batch: (db, position, range) =>
      readBatch<Record<string, string | number | Date | null>>(
        db,
        sql`
          select a.id, a.starts_at, a.starts_at::text as k, a.duration, coalesce(s.name, 'Service') as service,
                 e.first_name as employee_first, e.last_name as employee_last,
                 c.first_name, c.last_name, c.email, a.status, a.notes
          from appointments a
          join users e on e.id = a.employee_id
          join users c on c.id = a.customer_id
          left join services s on s.id = a.service_id
          where true ${range} ${after(sql`a.starts_at`, sql`a.id`, position)}
          order by a.starts_at, a.id
          limit ${BATCH}`,
        (r) => ({
          cells: [
            text(r.id),
            iso(r.starts_at as Date),
            text(r.duration),
            text(r.service),
            `${text(r.employee_first)} ${text(r.employee_last)}`.trim(),
            `${text(r.first_name)} ${text(r.last_name)}`.trim(),
            text(r.email),
            text(r.status),
            text(r.notes),
          ],
          position: { key: text(r.k), id: text(r.id) },
        }),
      ),
  },
  customers: {
    header: ['Id', 'E-mail', 'First name', 'Last name', 'Phone', 'Tags', 'Notes', 'Signed up at'],
    dated: true,
    batch: (db, position, range) =>
      readBatch<Record<string, string | string[] | Date | null>>(
        db,
        sql`
          select u.id, u.email, u.first_name, u.last_name, u.phone, u.tags, u.notes, u.created_at, u.created_at::text as k
          from users u
          where u.role = ${CUSTOMER_ROLE} and ${notErased} ${range} ${after(sql`u.created_at`, sql`u.id`, position)}
          order by u.created_at, u.id
          limit ${BATCH}`,
        (r) => ({
          cells: [
            text(r.id),
            text(r.email),
            text(r.first_name),
            text(r.last_name),
            text(r.phone),
            tagsOf(r.tags).join('; '),
            text(r.notes),
            iso(r.created_at as Date),
          ],
          position: { key: text(r.k), id: text(r.id) },
        }),
      ),
  },
  products: {
    header: ['Id', 'Name', 'Description', 'Category', 'Price', 'Inventory', 'Active'],
    dated: false,
    batch: (db, position) =>
      readBatch<Record<string, string | number | boolean | null>>(
        db,
        sql`
          select p.id, p.name, p.description, p.category, p.price, p.inventory, p.is_active
          from products p
          where true ${after(sql`p.name`, sql`p.id`, position, 'text')}
          order by p.name, p.id
          limit ${BATCH}`,
        (r) => ({
          cells: [
            text(r.id),
            text(r.name),
            text(r.description),
            text(r.category),
            text(r.price),
            text(r.inventory),
            r.is_active ? 'yes' : 'no',
          ],
          position: { key: text(r.name), id: text(r.id) },
        }),
      ),
  },
};

/**
 * One batch: the query's rows, each made into its cells and position. The driver's array is emptied once they are
 * taken, because it outlives the batch: postgres.js answers with a promise resolved with this array, and that promise
 * stays reachable from objects already dead in the old generation until the next full collection, so every row it
 * held was promoted instead of dying young. Emptied, the orders export's memory growth went from about 55 MB to about
 * 21 MB (bench/README.md, CSV exports).
 */
async function readBatch<R>(db: Tx, query: SQL, row: (r: R) => BatchRow): Promise<BatchRow[]> {
  const rows = rowsOf<R>(await db.execute(query));
  const batch = rows.map(row);
  rows.length = 0;
  return batch;
}

/** A text[] column: postgres.js parses it, PGlite may hand back the array literal. */
function tagsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return [];
}

const rangeColumn: Record<ExportKind, SQL | null> = {
  orders: sql`o.created_at`,
  appointments: sql`a.starts_at`,
  customers: sql`u.created_at`,
  products: null,
};

/**
 * The range `from`–`to` (calendar days, both included, in the business time zone) as a condition on the kind's
 * dates; either end may be left open.
 */
function rangeCondition(kind: ExportKind, input: { from?: string; to?: string }, timeZone: string): SQL {
  const column = rangeColumn[kind];
  for (const day of [input.from, input.to])
    if (day !== undefined && !parseDate(day)) throw new AppError('BAD_REQUEST', exportMessages.badDate);
  if (input.from && input.to && input.from > input.to) throw new AppError('BAD_REQUEST', exportMessages.rangeBackwards);
  if (!column) return sql``;
  const parts: SQL[] = [];
  if (input.from) parts.push(sql`and ${column} >= ${zonedToInstant(input.from, 0, timeZone).toISOString()}`);
  if (input.to)
    parts.push(sql`and ${column} < ${zonedToInstant(addCalendarDays(input.to, 1), 0, timeZone).toISOString()}`);
  return sql.join(parts, sql` `);
}

/** RFC 4180 with CRLF line ends, and a cell a spreadsheet would read as a formula prefixed with an apostrophe. */
const csvFormat = { record_delimiter: 'windows', escape_formulas: true } as const;

/**
 * The export's bytes, batch by batch: the header row (after the byte order mark), then each batch written as CSV
 * at once and let go before the next is read. A generator of bytes rather than rows piped into csv-stringify's
 * transform, so that a failed read ends the stream with its error (`pipe` does not pass a source's error on to
 * the stream it feeds).
 */
async function* csvChunks(db: Tx, kind: ExportKind, range: SQL) {
  const definition = definitions[kind];
  yield Buffer.from(stringify([[...definition.header]], { ...csvFormat, bom: true }));
  let position: Position | null = null;
  for (;;) {
    const rows = await definition.batch(db, position, range);
    if (rows.length)
      yield Buffer.from(
        stringify(
          rows.map((row) => row.cells),
          csvFormat,
        ),
      );
    if (rows.length < BATCH) return;
    position = rows[rows.length - 1]!.position;
  }
}

/**
 * An export as a CSV byte stream (RFC 4180: CRLF line ends, quotes where needed), UTF-8 with a byte order mark so
 * that Excel keeps accents, and a header row. A cell a spreadsheet would read as a formula (starting with =, +, -,
 * @, a tab or a carriage return) is prefixed with an apostrophe, whatever a customer typed. The rows are read from
 * the database in keyset-paged batches as the reader takes them (the next batch is read when the reader has taken
 * the last), never all at once; a failed read ends the stream with its error. The range is checked before the
 * stream starts, so a bad one is an ordinary 400.
 */
export function csvExport(db: Tx, kind: ExportKind, input: { from?: string; to?: string }, timeZone: string): Readable {
  const range = rangeCondition(kind, input, timeZone);
  return Readable.from(csvChunks(db, kind, range), { objectMode: false });
}
