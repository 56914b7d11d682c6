import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client';
import { AppError } from '../app-error';
import { zonedToInstant } from '../booking/zoned-time';
import { addCalendarDays, parseDate } from '../../shared/date-key';
import { CUSTOMER_ROLE } from '../../shared/roles';
import { exportMessages, type ExportKind } from '../../shared/csv-schema';

/** Rows read per query: enough to keep round trips few, few enough that memory stays flat whatever the total. */
const BATCH = 2000;

/** Where the previous batch ended: the sort key of its last row. */
interface Position {
  key: string | Date;
  id: string;
}

interface ExportDefinition {
  /** The CSV's header row, in column order. */
  header: readonly string[];
  /** The instant column a date range filters on (null: the kind has no dates worth filtering). */
  dated: boolean;
  /** One batch after `after`, in the range, as CSV cells (in header order) and the row's position. */
  batch: (db: Tx, after: Position | null, range: SQL) => Promise<{ cells: string[]; position: Position }[]>;
}

const iso = (v: string | Date | null) => (v == null ? '' : new Date(v).toISOString());
const text = (v: unknown) => (v == null ? '' : String(v));

/** `(key, id) > (after)` for keyset paging: each batch starts where the last ended, whatever was written since. */
const after = (key: SQL, id: SQL, position: Position | null) =>
  position
    ? position.key instanceof Date
      ? sql`and (${key}, ${id}) > (${position.key.toISOString()}::timestamptz, ${position.id}::uuid)`
      : sql`and (${key}, ${id}) > (${position.key}::text, ${position.id}::uuid)`
    : sql``;

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
    ],
    dated: true,
    batch: async (db, position, range) => {
      const rows = rowsOf<Record<string, string | Date | null>>(
        await db.execute(sql`
          select o.id, o.created_at, u.first_name, u.last_name, u.email, o.status, o.payment_status, o.subtotal,
                 o.discount, o.tax, o.total, o.refunded_amount,
                 (select string_agg(i.quantity || ' × ' || i.product_name, '; ' order by i.product_name)
                    from order_items i where i.order_id = o.id) as items
          from orders o join users u on u.id = o.user_id
          where true ${range} ${after(sql`o.created_at`, sql`o.id`, position)}
          order by o.created_at, o.id
          limit ${BATCH}`),
      );
      return rows.map((r) => ({
        cells: [
          text(r.id).slice(-8),
          text(r.id),
          iso(r.created_at!),
          `${text(r.first_name)} ${text(r.last_name)}`.trim(),
          text(r.email),
          text(r.status),
          text(r.payment_status),
          text(r.items),
          text(r.subtotal),
          text(r.discount),
          text(r.tax),
          text(r.total),
          text(r.refunded_amount),
        ],
        position: { key: r.created_at!, id: text(r.id) },
      }));
    },
  },
  appointments: {
    header: ['Id', 'Starts at', 'Duration (minutes)', 'Service', 'Employee', 'Customer', 'E-mail', 'Status', 'Notes'],
    dated: true,
    batch: async (db, position, range) => {
      const rows = rowsOf<Record<string, string | number | Date | null>>(
        await db.execute(sql`
          select a.id, a.starts_at, a.duration, coalesce(s.name, 'Service') as service,
                 e.first_name as employee_first, e.last_name as employee_last,
                 c.first_name, c.last_name, c.email, a.status, a.notes
          from appointments a
          join users e on e.id = a.employee_id
          join users c on c.id = a.customer_id
          left join services s on s.id = a.service_id
          where true ${range} ${after(sql`a.starts_at`, sql`a.id`, position)}
          order by a.starts_at, a.id
          limit ${BATCH}`),
      );
      return rows.map((r) => ({
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
        position: { key: r.starts_at as Date, id: text(r.id) },
      }));
    },
  },
  customers: {
    header: ['Id', 'E-mail', 'First name', 'Last name', 'Phone', 'Tags', 'Notes', 'Signed up at'],
    dated: true,
    batch: async (db, position, range) => {
      const rows = rowsOf<Record<string, string | string[] | Date | null>>(
        await db.execute(sql`
          select u.id, u.email, u.first_name, u.last_name, u.phone, u.tags, u.notes, u.created_at
          from users u
          where u.role = ${CUSTOMER_ROLE} ${range} ${after(sql`u.created_at`, sql`u.id`, position)}
          order by u.created_at, u.id
          limit ${BATCH}`),
      );
      return rows.map((r) => ({
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
        position: { key: r.created_at as Date, id: text(r.id) },
      }));
    },
  },
  products: {
    header: ['Id', 'Name', 'Description', 'Category', 'Price', 'Inventory', 'Active'],
    dated: false,
    batch: async (db, position) => {
      const rows = rowsOf<Record<string, string | number | boolean | null>>(
        await db.execute(sql`
          select p.id, p.name, p.description, p.category, p.price, p.inventory, p.is_active
          from products p
          where true ${after(sql`p.name`, sql`p.id`, position)}
          order by p.name, p.id
          limit ${BATCH}`),
      );
      return rows.map((r) => ({
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
      }));
    },
  },
};

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

/** Every row of the export, batch by batch: at most one batch is held at a time. */
async function* exportRecords(db: Tx, kind: ExportKind, range: SQL) {
  const definition = definitions[kind];
  let position: Position | null = null;
  for (;;) {
    const rows = await definition.batch(db, position, range);
    for (const row of rows) yield row.cells;
    if (rows.length < BATCH) return;
    position = rows[rows.length - 1]!.position;
  }
}

/**
 * An export as a CSV byte stream (RFC 4180: CRLF line ends, quotes where needed), UTF-8 with a byte order mark so
 * that Excel keeps accents, and a header row. A cell a spreadsheet would read as a formula (starting with =, +, -,
 * @, a tab or a carriage return) is prefixed with an apostrophe, whatever a customer typed. The rows are read from
 * the database in keyset-paged batches as the reader takes them (backpressure), never all at once. The range is
 * checked before the stream starts, so a bad one is an ordinary 400.
 */
export function csvExport(db: Tx, kind: ExportKind, input: { from?: string; to?: string }, timeZone: string): Readable {
  const range = rangeCondition(kind, input, timeZone);
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...definitions[kind].header],
    record_delimiter: 'windows',
    escape_formulas: true,
  });
  return Readable.from(exportRecords(db, kind, range)).pipe(csv);
}
