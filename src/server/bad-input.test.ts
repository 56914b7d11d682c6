import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../../db/client';
import { appRouter } from '../routers/index';
import { signInAs, startTestServer } from '../testing/test-server';
import type { Meta } from './api/trpc';

// Bad input never breaks anything (docs/api-conventions.md): generated requests for every operation, valid-shaped and malformed, with a fixed
// seed. None may answer 5xx or show a stack, and a refused request must not change a row.

function prng(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296;
    return seed / 4294967296;
  };
}

const hostile: unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  Number.MAX_SAFE_INTEGER,
  '',
  ' ',
  'x'.repeat(20_000),
  '\u0000\uFFFF\uD800',
  '😀👨‍👩‍👧‍👦 Ж ﷽',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '2024-02-30T25:61:00Z',
  // Dates of the right shape that are none: no such day, a year JavaScript reads as 19xx, and one with no day after.
  '2026-02-30',
  '0001-01-01',
  '9999-12-31',
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  {},
  [],
  [1, 'two', null],
  { nested: { deeper: ['x'] } },
];

// A URL cannot carry a lone surrogate; the JSON bodies still do.
const urlText = (value: unknown) => encodeURIComponent(String(value).toWellFormed());

interface Operation {
  path: string;
  method: string;
  template: string;
  keys: string[];
}

const operations: Operation[] = Object.entries(appRouter._def.procedures).flatMap(([path, procedure]) => {
  const def = (procedure as unknown as { _def: { meta?: Meta; inputs: unknown[] } })._def;
  const openapi = def.meta?.openapi;
  if (!openapi) return [];
  const input = def.inputs[0];
  const keys = input instanceof z.ZodObject ? Object.keys(input.shape) : [];
  return [{ path, method: openapi.method, template: openapi.path, keys }];
});

// Tables whose rows a refused request may legitimately touch: attempt counters for rate limits.
const volatileTables = new Set(['rate_limits']);

describe('bad input on every REST operation', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tables: string[];
  beforeAll(async () => {
    server = await startTestServer();
    const rows = await queryRows<{ name: string }>(
      server.db,
      sql`select tablename as name from pg_tables where schemaname = 'public'`,
    );
    tables = rows.map((r) => r.name).filter((t) => !volatileTables.has(t));
  });
  afterAll(() => server.close());

  /** A fingerprint of every row of every table. */
  async function fingerprint(): Promise<string> {
    const parts = tables.map(
      (t) =>
        sql`select ${t} as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(t)} x`,
    );
    const rows = await queryRows<{ t: string; h: string }>(server.db, sql.join(parts, sql` union all `));
    return rows
      .map((r) => `${r.t}:${r.h}`)
      .sort()
      .join(',');
  }

  it.each(operations.map((op) => [op.path, op] as const))('%s', async (_name, op) => {
    const random = prng(20261122 + op.path.length);
    const pick = () => hostile[Math.floor(random() * hostile.length)];
    const admin = await signInAs(server.database, 'admin');
    const customer = await signInAs(server.database, 'customer');
    for (let round = 0; round < 12; round++) {
      const params = op.template.replace(/\{[^}]+\}/g, () => urlText(pick()));
      const url = `/api${params}`;
      const body: Record<string, unknown> = {};
      for (const key of op.keys) if (random() < 0.8) body[key] = pick();
      if (random() < 0.3) body[`extra${round}`] = pick();
      const cookie = random() < 0.7 ? admin.cookie : customer.cookie;
      const reads = op.method === 'GET' || op.method === 'DELETE';
      const query = reads && op.keys.length ? `?${op.keys.map((k) => `${k}=${urlText(pick())}`).join('&')}` : '';
      const before = reads ? '' : await fingerprint();
      const res = await server.request(
        op.method,
        url + query,
        reads ? { cookie } : { cookie, body: round === 11 ? pick() : body },
      );
      expect(res.status, `${op.method} ${url} answered ${res.status}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
      expect(res.text).not.toMatch(/\bat .+\.(ts|js|mjs):\d+|node_modules|stack/i);
      if (res.status >= 400) {
        expect(typeof res.body?.message, res.text.slice(0, 200)).toBe('string');
        if (!reads) expect(await fingerprint(), `${op.method} ${url} was refused but changed rows`).toBe(before);
      }
    }
  });
});

// Valid JSON no column can hold, nesting no walk survives and ids no route expects, on every operation of the
// OpenAPI document, signed in as an admin (who passes every access check, so the input reaches the services) and
// anonymously: a 400 or 404 with a sentence, never a 5xx.
const document = JSON.parse(readFileSync(new URL('../../openapi/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};
const documented = Object.entries(document.paths).flatMap(([template, operations]) =>
  Object.entries(operations).map(([method, operation]) => ({
    method: method.toUpperCase(),
    template,
    query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    fields: Object.keys(operation.requestBody?.content['application/json']?.schema.properties ?? {}),
  })),
);

const nul = 'a\u0000b';
const lone = ['\ud800', 'x\udfff', '\udbff\ud800'];
const deepBody = (depth: number) => `{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`;

describe('hostile text on every operation of the OpenAPI document', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it.each(documented.map((op) => [`${op.method} ${op.template}`, op] as const))('%s', async (_name, op) => {
    const random = prng(20261128 + op.template.length + op.method.length);
    const admin = await signInAs(server.database, 'admin');
    const withBody = op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH';
    const attempts: { path: string; rawBody?: string; headers?: Record<string, string> }[] = [];
    const fill = (id: string) => `/api${op.template.replace(/\{[^}]+\}/g, id)}`;
    const anId = '00000000-0000-4000-8000-000000000000';
    // Ids: far over any route's limit, with a NUL, with a lone surrogate's UTF-8 bytes.
    for (const id of ['a'.repeat(6000), '%00', 'a%00b', '%ED%A0%80']) attempts.push({ path: fill(id) });
    const path = fill(anId);
    for (const name of op.query) attempts.push({ path: `${path}?${name}=a%00b` });
    if (withBody) {
      const json = { 'content-type': 'application/json' };
      for (const text of [nul, ...lone]) {
        const body = Object.fromEntries(op.fields.map((field) => [field, random() < 0.5 ? text : [text]]));
        attempts.push({ path, rawBody: JSON.stringify({ ...body, [text]: text }), headers: json });
      }
      for (const depth of [33, 2_000, 200_000])
        attempts.push({ path, rawBody: deepBody(depth), headers: { ...json, 'idempotency-key': `deep-${depth}` } });
      attempts.push({ path, rawBody: '{"__proto__": {"x": 1}, "constructor": {"prototype": {}}}', headers: json });
    }
    for (const { path: url, rawBody, headers } of attempts)
      for (const cookie of [admin.cookie, undefined]) {
        const res = await server.request(op.method, url, { cookie, rawBody, headers });
        const what = `${op.method} ${url.slice(0, 80)} ${rawBody?.slice(0, 60) ?? ''}`;
        expect(res.status, `${what} answered ${res.status}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
        expect(res.text).not.toMatch(/\bat .+\.(ts|js|mjs):\d+|node_modules|stack|FST_|exceeding|content-type is set/i);
        if (res.status >= 400) expect(typeof res.body?.message, res.text.slice(0, 200)).toBe('string');
      }
  });
});
