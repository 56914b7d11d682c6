import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../../db/client';

/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE` (docs/operations.md, Backups): the same logical copy of
 * every table on PGlite and on PostgreSQL, so a backup of either restores into either. A gzipped text file: a header
 * line, then one line per row, `<table>\t<the row as JSON>`, written by PostgreSQL itself (to_jsonb), so no value
 * passes through a JavaScript number. Rows are read in pages by their physical position: memory stays flat.
 */

const HEADER = '#storefront-backup 1';
const PAGE_ROWS = 5000;

/** The application's tables (schema public), in name order. */
async function tablesOf(db: Tx): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name);
}

/** Writes every row of every table to FILE; answers the number of rows per table. */
export async function backupDatabase(db: Db, file: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const tables = await tablesOf(db);
  const gzip = createGzip();
  const done = pipeline(gzip, createWriteStream(file));
  const write = async (line: string) => {
    if (!gzip.write(line)) await once(gzip, 'drain');
  };
  // One snapshot for the whole copy: rows written meanwhile are either all in it or not at all.
  await db.transaction(
    async (tx) => {
      await write(`${HEADER} ${new Date().toISOString()}\n`);
      for (const table of tables) {
        counts[table] = 0;
        let after = '(0,0)';
        for (;;) {
          const rows = await queryRows<{ at: string; row: string }>(
            tx,
            sql`select ctid::text as at, to_jsonb(t)::text as row from ${sql.identifier(table)} t
              where ctid > ${after}::tid order by ctid limit ${PAGE_ROWS}`,
          );
          if (!rows.length) break;
          await write(rows.map((r) => `${table}\t${r.row}\n`).join(''));
          counts[table] += rows.length;
          after = rows.at(-1)!.at;
        }
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  gzip.end();
  await done;
  return counts;
}

/** The columns a restore writes: not generated ones (the database computes them). */
async function writableColumns(db: Tx, table: string): Promise<Set<string>> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'`,
  );
  return new Set(rows.map((r) => r.name));
}

export class RestoreRefused extends Error {}

/**
 * Restores FILE into a migrated database that holds no people yet (a new one): every table of the backup is emptied
 * (the rows the migrations add, such as the system roles, come back from the backup) and refilled, in one
 * transaction, so a failed restore leaves the database as it was. Foreign keys and triggers are not checked while
 * the rows go in (session_replication_role = replica: the backup was consistent when taken), which needs a
 * superuser or the SET privilege on that parameter. Identity sequences then continue after the restored rows.
 */
export async function restoreDatabase(db: Db, file: string): Promise<Record<string, number>> {
  const [people] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`);
  if (Number(people!.n) > 0)
    throw new RestoreRefused('The database already has users: restore into a new, empty database.');
  const counts: Record<string, number> = {};
  const known = new Set(await tablesOf(db));
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    let header = true;
    let table = '';
    let batch: string[] = [];
    let columns: string[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const list = sql.join(
        columns.map((c) => sql.identifier(c)),
        sql`, `,
      );
      await tx.execute(
        sql`insert into ${sql.identifier(table)} (${list}) overriding system value
          select ${list} from jsonb_populate_recordset(null::${sql.identifier(table)}, ${`[${batch.join(',')}]`}::jsonb)`,
      );
      batch = [];
    };
    // Made just before it is read: readline drops the lines it reads before anyone iterates.
    const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    for await (const line of lines) {
      if (header) {
        if (!line.startsWith(HEADER)) throw new RestoreRefused('This file is not a storefront backup.');
        header = false;
        continue;
      }
      if (!line) continue;
      const tab = line.indexOf('\t');
      const name = line.slice(0, tab);
      const row = line.slice(tab + 1);
      if (name !== table) {
        await flush();
        if (!known.has(name)) throw new RestoreRefused(`The backup has a table this version doesn't: ${name}.`);
        table = name;
        counts[table] = 0;
        await tx.execute(sql`delete from ${sql.identifier(table)}`);
        // The backup's own columns that the table has: a column added since keeps its default.
        const writable = await writableColumns(tx, table);
        columns = Object.keys(JSON.parse(row) as object).filter((c) => writable.has(c));
      }
      batch.push(row);
      counts[table]! += 1;
      if (batch.length >= 1000) await flush();
    }
    await flush();
    if (header) throw new RestoreRefused('This file is not a storefront backup.');
    // Tables the backup has no rows of are emptied too (the migrations' own rows were in the backup, or not wanted).
    for (const name of known) if (!(name in counts)) await tx.execute(sql`delete from ${sql.identifier(name)}`);
    await tx.execute(sql`set local session_replication_role = origin`);
    // Identity and serial columns continue after the highest restored value.
    const sequences = await queryRows<{ tableName: string; columnName: string; sequence: string }>(
      tx,
      sql`select c.table_name as "tableName", c.column_name as "columnName",
          pg_get_serial_sequence(format('%I', c.table_name), c.column_name) as sequence
        from information_schema.columns c
        where c.table_schema = 'public' and pg_get_serial_sequence(format('%I', c.table_name), c.column_name) is not null`,
    );
    for (const s of sequences)
      await tx.execute(
        sql`select setval(${s.sequence}, coalesce((select max(${sql.identifier(s.columnName)}) from ${sql.identifier(
          s.tableName,
        )}), 0) + 1, false)`,
      );
  });
  return counts;
}

/** The number of rows and a fingerprint of their contents per table: what a restore must reproduce. */
export async function tableFingerprints(db: Tx): Promise<Record<string, { rows: number; md5: string | null }>> {
  const out: Record<string, { rows: number; md5: string | null }> = {};
  for (const table of await tablesOf(db)) {
    const [r] = await queryRows<{ rows: number; md5: string | null }>(
      db,
      sql`select count(*)::int as rows, md5(string_agg(to_jsonb(t)::text, '|' order by to_jsonb(t)::text)) as md5
        from ${sql.identifier(table)} t`,
    );
    out[table] = { rows: Number(r!.rows), md5: r!.md5 };
  }
  return out;
}
