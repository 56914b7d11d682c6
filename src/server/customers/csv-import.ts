import { parse } from 'csv-parse/sync';
import { inArray, is, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { rowsOf, type Db } from '../../../db/client';
import { products, services, users } from '../../../db/schema/index';
import { ZDurationInput, ZInventoryInput, ZNameInput, moneyInput } from '../../shared/catalog-schema';
import { importMessages, type ImportKind } from '../../shared/csv-schema';
import { sentence, type Sentence } from '../../shared/i18n/sentence';
import { CUSTOMER_ROLE } from '../../shared/roles';
import { ZCustomerNotes, ZCustomerTags } from '../../shared/customer-record-schema';
import { ZName } from '../../shared/staff-schema';
import { recordAudit, type AuditActor } from '../audit/audit';
import { productColumns } from '../catalog/catalog-rows';
import { publishAll } from '../events/publish';
import { newCustomerColumns, newCustomerRecord } from '../staff/customers-service';

/** One problem of a file, where a spreadsheet shows it: the line (1 is the header row) and the column's name. */
interface ImportProblem {
  line: number;
  column: string;
  message: Sentence | string;
}

export interface ImportOutcome {
  created: number;
  updated: number;
  errors: ImportProblem[];
}

const optional = (max: number) => z.string().max(max).optional();
const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Please enter a valid email address' }));
const yesNo = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === '' ? true : !/^(no|false|0|n)$/i.test(v.trim())));

/**
 * Each import's columns, by the header its export writes (an export opens, is edited, and comes back), with the
 * field each fills. The identifying column (name, e-mail) is required; the rest keep what a row already has.
 */
const columns = {
  products: {
    key: 'Name',
    fields: {
      Name: ['name', ZNameInput],
      Description: ['description', optional(2000)],
      Category: ['category', optional(100)],
      Price: ['price', moneyInput('Price')],
      Inventory: ['inventory', ZInventoryInput.optional()],
      Active: ['isActive', yesNo],
    },
  },
  services: {
    key: 'Name',
    fields: {
      Name: ['name', ZNameInput],
      Description: ['description', optional(2000)],
      Category: ['category', optional(100)],
      Price: ['price', moneyInput('Price')],
      'Duration (minutes)': ['duration', ZDurationInput.optional()],
    },
  },
  customers: {
    key: 'E-mail',
    fields: {
      'E-mail': ['email', ZEmail],
      'First name': ['firstName', ZName.optional()],
      'Last name': ['lastName', ZName.optional()],
      // The record's rules (PUT /api/admin/customers/{id}): a cell's tags, split at ; or , are the list it sets.
      Tags: [
        'tags',
        z
          .string()
          .optional()
          .transform((cell) => cell?.split(/[;,]/))
          .pipe(ZCustomerTags.optional()),
      ],
      Notes: ['notes', ZCustomerNotes.optional()],
    },
  },
} satisfies Record<ImportKind, { key: string; fields: Record<string, readonly [string, z.ZodType]> }>;

const requiredColumns: Record<ImportKind, string[]> = {
  products: ['Name', 'Price'],
  services: ['Name', 'Price'],
  customers: ['E-mail'],
};

type Row = Record<string, unknown> & { line: number };

/** Reads and checks the whole file: every row's values, or every problem of every row. */
function readFile(kind: ImportKind, text: string): { rows: Row[]; errors: ImportProblem[] } {
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, columns: true, skip_empty_lines: true, trim: true, info: true });
  } catch {
    return { rows: [], errors: [{ line: 1, column: '', message: importMessages.unreadable }] };
  }
  const { key, fields } = columns[kind];
  const header = Object.keys(records[0]?.record ?? {});
  const missing = requiredColumns[kind].filter((c) => records.length > 0 && !header.includes(c));
  if (missing.length)
    return { rows: [], errors: missing.map((column) => ({ line: 1, column, message: importMessages.missingColumn })) };

  const rows: Row[] = [];
  const errors: ImportProblem[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { record, info } of records) {
    const line = info.lines;
    const row: Row = { line };
    for (const [column, [field, schema]] of Object.entries(fields) as [string, [string, z.ZodType]][]) {
      if (!(column in record)) continue;
      const value =
        record[column] === '' && column !== key && !requiredColumns[kind].includes(column) ? undefined : record[column];
      const parsed = schema.safeParse(value);
      if (parsed.success) row[field] = parsed.data;
      else errors.push({ line, column, message: parsed.error.issues[0]!.message });
    }
    const identity = String(record[key] ?? '')
      .trim()
      .toLowerCase();
    const earlier = firstLineOf.get(identity);
    if (identity && earlier !== undefined)
      errors.push({ line, column: key, message: sentence(importMessages.repeated, { line: earlier }) });
    else firstLineOf.set(identity, line);
    rows.push(row);
  }
  return { rows, errors };
}

/**
 * Imports a CSV file of products, services or customers, all or nothing: every row is checked first, and a file
 * with any problem writes nothing (the answer lists them all). Rows match what exists (products and services by
 * name, customers by e-mail, in any capitals), so the same file again creates nothing new. `dryRun` checks and
 * counts without writing: the preview.
 */
export async function importCsv(
  db: Db,
  actor: AuditActor,
  kind: ImportKind,
  text: string,
  dryRun: boolean,
): Promise<ImportOutcome> {
  const { rows, errors } = readFile(kind, text);
  const outcome = await db.transaction(async (tx) => {
    const existing = await existingKeys(tx, kind);
    for (const row of rows) {
      const match = existing.get(String(row[kind === 'customers' ? 'email' : 'name']).toLowerCase());
      if (match?.staff) errors.push({ line: row.line, column: 'E-mail', message: importMessages.staffEmail });
    }
    const fresh: Row[] = [];
    const known: (Row & { id: string })[] = [];
    for (const row of rows) {
      const match = existing.get(String(row[kind === 'customers' ? 'email' : 'name']).toLowerCase());
      if (match) known.push({ ...row, id: match.id });
      else fresh.push(row);
    }
    const created = fresh.length;
    const updated = known.length;
    if (!dryRun && !errors.length) {
      for (let at = 0; at < fresh.length; at += BATCH)
        await announce(tx, kind, await writeRows(tx, kind, fresh.slice(at, at + BATCH), false), false);
      for (let at = 0; at < known.length; at += BATCH)
        await announce(tx, kind, await writeRows(tx, kind, known.slice(at, at + BATCH), true), true);
    }
    if (!dryRun && !errors.length && rows.length)
      await recordAudit(tx, actor, {
        action: `${kind}.imported`,
        entity: kind,
        summary: sentence('Imported {kind} from a CSV file: {created} new, {updated} changed.', {
          kind,
          created,
          updated,
        }),
      });
    return { created, updated };
  });
  if (errors.length) {
    errors.sort((a, b) => a.line - b.line);
    return { created: 0, updated: 0, errors };
  }
  return { ...outcome, errors: [] };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function existingKeys(tx: Tx, kind: ImportKind) {
  const found =
    kind === 'customers'
      ? rowsOf<{ id: string; key: string; staff: boolean }>(
          await tx.execute(sql`select id, lower(email) as key, role <> ${CUSTOMER_ROLE} as staff from users`),
        )
      : rowsOf<{ id: string; key: string; staff: boolean }>(
          await tx.execute(
            kind === 'products'
              ? sql`select id, lower(name) as key, false as staff from products`
              : sql`select id, lower(name) as key, false as staff from services`,
          ),
        );
  return new Map(found.map((r) => [r.key, r]));
}

/**
 * Rows written per statement. One statement per row made a 10,000-row import take 8 s on PostgreSQL and 42 s on
 * PGlite (bench/imports.ts), nearly all of it round trips; a batch travels as one jsonb parameter whatever its size.
 */
const BATCH = 1000;

const tableOf = { customers: users, products, services } as const;

/**
 * What an import writes of a row, by the row's field: the column's type, for jsonb_to_recordset to read the
 * batch with. A matched row keeps its e-mail and role.
 */
const written: Record<ImportKind, Record<string, string>> = {
  customers: { email: 'text', role: 'text', firstName: 'text', lastName: 'text', notes: 'text', tags: 'text[]' },
  products: {
    name: 'text',
    price: 'numeric',
    description: 'text',
    category: 'text',
    inventory: 'integer',
    isActive: 'boolean',
  },
  services: { name: 'text', price: 'numeric', description: 'text', category: 'text', duration: 'integer' },
};
const keptWhenMatched = new Set(['email', 'role']);

/** A row's values by field; a value the file leaves out or empty is null (see writeRows). */
function valuesOf(kind: ImportKind, row: Row): Record<string, unknown> {
  if (kind === 'customers') return { ...row, role: CUSTOMER_ROLE };
  return row;
}

/**
 * Writes one batch in one statement: new rows inserted, matched rows (with `id`) updated. The batch travels as one
 * jsonb parameter read back as a table (a drizzle multi-row insert spent more time building its SQL than PostgreSQL
 * spent running it). A value a row lacks is null there: a new row takes the column's default, a matched row keeps
 * what it has (an empty cell never clears a field).
 */
async function writeRows(
  tx: Tx,
  kind: ImportKind,
  rows: (Row & { id?: string })[],
  matched: boolean,
): Promise<string[]> {
  const table = tableOf[kind];
  const columnsByField = table as unknown as Record<string, PgColumn>;
  const fields = Object.entries(written[kind])
    .filter(([field]) => !matched || !keptWhenMatched.has(field))
    .map(([field, type]) => ({ field, type, column: columnsByField[field]! }));
  const batch = rows.map((row) => {
    const values = valuesOf(kind, row);
    return Object.fromEntries([
      ...(matched ? [['id', row.id]] : []),
      ...fields.map((f) => [f.column.name, values[f.field] ?? null]),
    ]);
  });
  const shape = sql.raw(
    [...(matched ? ['id uuid'] : []), ...fields.map((f) => `${f.column.name} ${f.type}`)].join(', '),
  );
  const source = sql`jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(${shape})`;
  const value = (f: (typeof fields)[number], otherwise: SQL) =>
    sql`coalesce(${sql.raw(`r.${f.column.name}`)}, ${otherwise})`;
  if (matched) {
    const set = fields.map((f) => sql`${sql.raw(f.column.name)} = ${value(f, sql.raw(`t.${f.column.name}`))}`);
    const updated = await tx.execute(
      sql`update ${table} as t set ${sql.join(set, sql`, `)} from ${source} where t.id = r.id returning t.id`,
    );
    return rowsOf<{ id: string }>(updated).map((r) => r.id);
  }
  const names = sql.raw(fields.map((f) => f.column.name).join(', '));
  const values = fields.map((f) =>
    f.column.hasDefault ? value(f, defaultOf(f.column, f.type)) : sql.raw(`r.${f.column.name}`),
  );
  const inserted = await tx.execute(
    sql`insert into ${table} (${names}) select ${sql.join(values, sql`, `)} from ${source} returning id`,
  );
  return rowsOf<{ id: string }>(inserted).map((r) => r.id);
}

/**
 * Announces a batch's rows as the one-at-a-time writes do: a product created or changed, a customer added (a
 * customer changed, or a service, has no event).
 */
async function announce(tx: Tx, kind: ImportKind, ids: string[], matched: boolean) {
  if (kind === 'services' || (kind === 'customers' && matched) || ids.length === 0) return;
  if (kind === 'products') {
    const rows = await tx.select(productColumns).from(products).where(inArray(products.id, ids));
    const type = matched ? 'product.updated' : 'product.created';
    await publishAll(
      tx,
      rows.map((data) => ({ type, data })),
    );
    return;
  }
  const people = await tx.select(newCustomerColumns).from(users).where(inArray(users.id, ids));
  await publishAll(
    tx,
    people.map((person) => ({ type: 'customer.created' as const, data: newCustomerRecord(person) })),
  );
}

/** The column's default as the schema declares it (a value, or SQL such as '{}'::text[]). */
const defaultOf = (column: PgColumn, type: string) =>
  is(column.default, SQL) ? column.default : sql`${column.default}::${sql.raw(type)}`;
