import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const migrations = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * For a test of a migration that moves data: a database migrated up to, not including, the migration whose tag
 * ends with `tagEnd`, to fill as a database of then would be, and `migrateRest` to run the rest on it.
 */
export async function migratedBefore(tagEnd: string) {
  const journal = JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8'));
  const { idx } = journal.entries.find((entry: { tag: string }) => entry.tag.endsWith(tagEnd));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < idx);
  const before = mkdtempSync(join(tmpdir(), 'migrations-'));
  try {
    mkdirSync(join(before, 'meta'));
    writeFileSync(join(before, 'meta/_journal.json'), JSON.stringify(journal));
    for (const { tag } of journal.entries) copyFileSync(join(migrations, `${tag}.sql`), join(before, `${tag}.sql`));
    const client = await PGlite.create({ extensions: { btree_gist, pg_trgm } });
    await migrate(drizzle(client), { migrationsFolder: before });
    return { client, migrateRest: () => migrate(drizzle(client), { migrationsFolder: migrations }) };
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
}
