import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createDb, rowsOf } from '../db/client';
import { importCsv } from '../src/server/customers/csv-import';
import { createBenchDatabase } from './lib';

// The customers import's preview (a dry run: every row checked, every error listed, nothing written) of a file of
// 10,000 customers, half of them already known (matched by e-mail), into a database holding 5,000 customers.
// Target: under 5 s. The import that writes the same file is timed beside it, for information.
const ROWS = 10_000;
const KNOWN = 5_000;

const database = await createBenchDatabase('imports');
try {
  const db = await createDb({ url: database.url });
  await db.migrate();
  await db.db.execute(sql`
    insert into users (email, first_name, last_name, role)
    select 'known' || i || '@bench.example', 'Inés' || i, 'Muñoz', 'customer' from generate_series(1, ${KNOWN}) i`);
  const lines = ['E-mail,First name,Last name,Tags,Notes'];
  for (let i = 1; i <= ROWS; i++) {
    const email = i <= KNOWN ? `known${i}@bench.example` : `new${i}@bench.example`;
    lines.push(`${email},Lucía ${i},"Gómez, ${i % 97}",vip;spa,"Prefers mornings; ""quiet"" room"`);
  }
  const file = lines.join('\r\n');

  const started = performance.now();
  const preview = await importCsv(db.db, null, 'customers', file, true);
  const previewSeconds = (performance.now() - started) / 1000;
  const writeStarted = performance.now();
  const written = await importCsv(db.db, null, 'customers', file, false);
  const writeSeconds = (performance.now() - writeStarted) / 1000;
  const [count] = rowsOf<{ n: number }>(await db.db.execute(sql`select count(*)::int as n from users`));
  await db.close();

  console.log(
    `\nCustomers import of ${ROWS} rows (${(file.length / 1024 / 1024).toFixed(1)} MB; target: preview < 5 s)`,
  );
  console.table({
    'preview (s)': +previewSeconds.toFixed(2),
    'import (s)': +writeSeconds.toFixed(2),
    created: written.created,
    updated: written.updated,
    errors: preview.errors.length,
  });
  if (preview.created !== ROWS - KNOWN || preview.updated !== KNOWN || preview.errors.length)
    throw new Error(`unexpected preview ${JSON.stringify({ ...preview, errors: preview.errors.slice(0, 3) })}`);
  if (Number(count!.n) !== ROWS) throw new Error(`expected ${ROWS} customers after the import, got ${count!.n}`);
  if (previewSeconds >= 5) process.exitCode = 1;
} finally {
  await database.drop();
}
