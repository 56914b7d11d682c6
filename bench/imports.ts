import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createDb, rowsOf, type Database } from '../db/client';
import { importCsv } from '../src/server/customers/csv-import';
import { createBenchDatabase } from './lib';

// The customers import of a file of 10,000 customers, half of them already known (matched by e-mail), into a
// database holding 5,000 customers: the preview (a dry run: every row checked, every error listed, nothing
// written), the import that writes it (5,000 added, 5,000 changed, all in one transaction), and the same file
// again (nothing new: 10,000 changed). On PostgreSQL, then on the embedded PGlite (in memory) the app runs on by
// default. Targets: preview under 5 s, import under 10 s.
const ROWS = 10_000;
const KNOWN = 5_000;

const lines = ['E-mail,First name,Last name,Tags,Notes'];
for (let i = 1; i <= ROWS; i++) {
  const email = i <= KNOWN ? `known${i}@bench.example` : `new${i}@bench.example`;
  lines.push(`${email},Lucía ${i},"Gómez, ${i % 97}",vip;spa,"Prefers mornings; ""quiet"" room"`);
}
const file = lines.join('\r\n');

async function seconds<T>(work: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const result = await work();
  return [(performance.now() - started) / 1000, result];
}

async function measure(db: Database) {
  await db.migrate();
  await db.db.execute(sql`
    insert into users (email, first_name, last_name, role)
    select 'known' || i || '@bench.example', 'Inés' || i, 'Muñoz', 'customer' from generate_series(1, ${KNOWN}) i`);
  const [preview, previewed] = await seconds(() => importCsv(db.db, null, 'customers', file, true));
  const [write, written] = await seconds(() => importCsv(db.db, null, 'customers', file, false));
  const [again, rewritten] = await seconds(() => importCsv(db.db, null, 'customers', file, false));
  const [count] = rowsOf<{ n: number }>(await db.db.execute(sql`select count(*)::int as n from users`));
  const expected = [
    [previewed, ROWS - KNOWN, KNOWN],
    [written, ROWS - KNOWN, KNOWN],
    [rewritten, 0, ROWS],
  ] as const;
  for (const [outcome, created, updated] of expected)
    if (outcome.created !== created || outcome.updated !== updated || outcome.errors.length)
      throw new Error(`unexpected outcome ${JSON.stringify({ ...outcome, errors: outcome.errors.slice(0, 3) })}`);
  if (Number(count!.n) !== ROWS) throw new Error(`expected ${ROWS} customers after the import, got ${count!.n}`);
  return {
    'preview (s)': +preview.toFixed(2),
    'import (s)': +write.toFixed(2),
    'same file again (s)': +again.toFixed(2),
  };
}

const results: Record<string, Record<string, number>> = {};
const database = await createBenchDatabase('imports');
try {
  const db = await createDb({ url: database.url });
  try {
    results.PostgreSQL = await measure(db);
  } finally {
    await db.close();
  }
} finally {
  await database.drop();
}
const embedded = await createDb({});
try {
  results['PGlite (in memory)'] = await measure(embedded);
} finally {
  await embedded.close();
}

console.log(
  `\nCustomers import of ${ROWS} rows (${(file.length / 1024 / 1024).toFixed(1)} MB; targets: preview < 5 s, import < 10 s)`,
);
console.table(results);
if (Object.values(results).some((r) => r['preview (s)']! >= 5 || r['import (s)']! >= 10)) process.exitCode = 1;
