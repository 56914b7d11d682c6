import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';

// PostgreSQL only. patches/postgres+3.4.9.patch also makes two of the driver's steps cheaper (docs/decisions/0014):
// it finds a prepared statement by its text and then its parameters' types, and keeps a result's count and command
// in private fields. These check that what they replaced still holds: one statement per text and types on a
// connection, used again; a result that is a plain array of rows with its count and command beside them.

const url = process.env.DATABASE_URL!;
let client: postgres.Sql;

beforeAll(() => {
  client = postgres(url, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await client?.end();
});

const text = 'select $1 as value /* driver-statements */';
const prepared = async (connection: postgres.ReservedSql) =>
  (
    await connection.unsafe<{ statement: string; parameter_types: string }[]>(
      `select statement, parameter_types::text from pg_prepared_statements
       where statement = $1`,
      [text],
    )
  )
    .map((row) => row.parameter_types)
    .sort();

it('prepares a text once per connection and types of its parameters, and runs it again from there', async () => {
  const connection = await client.reserve();
  try {
    for (let run = 0; run < 3; run++)
      expect(await connection.unsafe(text, ['words'], { prepare: true })).toEqual([{ value: 'words' }]);
    expect(await prepared(connection)).toEqual(['{text}']);

    // The same text with a parameter of another type is another statement; both are used again.
    const instant = new Date('2026-05-01T10:00:00Z');
    for (let run = 0; run < 2; run++) {
      const [row] = await connection.unsafe<{ value: Date }[]>(text, [instant], { prepare: true });
      expect(new Date(row!.value).toISOString()).toBe(instant.toISOString());
      expect(await connection.unsafe(text, ['words'], { prepare: true })).toEqual([{ value: 'words' }]);
    }
    expect(await prepared(connection)).toEqual(['{"timestamp with time zone"}', '{text}']);
  } finally {
    connection.release();
  }
});

it("answers rows as an array, with the statement's count and command beside them and not among them", async () => {
  const result = await client.unsafe('select n from generate_series(1, 3) as n', [], { prepare: true });
  expect(Array.isArray(result)).toBe(true);
  expect(Object.keys(result)).toEqual(['0', '1', '2']);
  expect(JSON.parse(JSON.stringify(result))).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  expect(result.count).toBe(3);
  expect(result.command).toBe('SELECT');
  expect(result.columns.map((column) => column.name)).toEqual(['n']);
  // A copy made by map is a plain array.
  expect(result.map((row) => row.n).constructor).toBe(Array);
});
