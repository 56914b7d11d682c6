import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Db } from '../../../db/client';
import { products, services, users } from '../../../db/schema/index';
import { ZDurationInput, ZInventoryInput, ZNameInput, moneyInput } from '../../shared/catalog-schema';
import { importMessages, type ImportKind } from '../../shared/csv-schema';
import { sentence, type Sentence } from '../../shared/i18n/sentence';
import { CUSTOMER_ROLE } from '../../shared/roles';
import { recordAudit, type AuditActor } from '../audit/audit';

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
      'First name': ['firstName', optional(100)],
      'Last name': ['lastName', optional(100)],
      Tags: ['tags', optional(1000)],
      Notes: ['notes', optional(5000)],
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

const tagsOf = (text: unknown) =>
  typeof text === 'string'
    ? [
        ...new Set(
          text
            .split(/[;,]/)
            .map((t) => t.trim())
            .filter(Boolean),
        ),
      ].slice(0, 20)
    : undefined;

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
    let created = 0;
    let updated = 0;
    for (const row of rows) {
      const match = existing.get(String(row[kind === 'customers' ? 'email' : 'name']).toLowerCase());
      if (match) updated += 1;
      else created += 1;
      if (dryRun || errors.length) continue;
      await writeRow(tx, kind, row, match?.id);
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

const defined = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

async function writeRow(tx: Tx, kind: ImportKind, row: Row, id: string | undefined) {
  const now = sql`now()`;
  if (kind === 'customers') {
    const values = defined({
      firstName: row.firstName as string | undefined,
      lastName: row.lastName as string | undefined,
      notes: row.notes as string | undefined,
      tags: tagsOf(row.tags),
    });
    if (id)
      await tx
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(sql`${users.id} = ${id}`);
    else await tx.insert(users).values({ ...values, email: row.email as string, role: CUSTOMER_ROLE });
    return;
  }
  const common = defined({
    name: row.name as string,
    description: row.description as string | undefined,
    category: row.category as string | undefined,
    price: row.price as string,
  });
  if (kind === 'products') {
    const values = {
      ...common,
      ...defined({ inventory: row.inventory as number | undefined, isActive: row.isActive as boolean }),
    };
    if (id)
      await tx
        .update(products)
        .set({ ...values, updatedAt: now })
        .where(sql`${products.id} = ${id}`);
    else await tx.insert(products).values({ ...values, name: row.name as string, price: row.price as string });
    return;
  }
  const values = { ...common, ...defined({ duration: row.duration as number | undefined }) };
  if (id)
    await tx
      .update(services)
      .set({ ...values, updatedAt: now })
      .where(sql`${services.id} = ${id}`);
  else await tx.insert(services).values({ ...values, name: row.name as string, price: row.price as string });
}
