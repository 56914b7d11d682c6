import { Writable } from 'node:stream';
import { count } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { employeeApplications, products } from '../../../db/schema/index';
import { buildApp } from '../app';
import { loggerOptions } from '../startup';
import { createTestDatabase, signInAs, testEnv, useTestServer } from '../../testing/test-server';
import { logFailure } from './error-reply';

// Valid JSON that no column can hold is a 400 with a sentence, on both APIs, before anything is written; it was a
// 500 whose log line named the applicant.

const server = useTestServer();

const application = {
  firstName: 'Ana',
  lastName: 'Ortega',
  email: 'ana.ortega@example.com',
  phone: '+34 600 123 456',
  bio: 'Ten years of massage therapy in Madrid.',
  experience: 'Spa and clinic work since 2015.',
  specialties: 'Deep tissue, sports',
};
const NUL = "Text can't contain the NUL character (U+0000).";
const SURROGATE = 'Text must be valid Unicode: a lone surrogate (U+D800 to U+DFFF) is not a character.';
const DEEP = 'The request body is nested too deeply.';

const applications = async () => (await server.db.select({ n: count() }).from(employeeApplications))[0]!.n;

describe('text no column can hold', () => {
  it('a NUL or a lone surrogate in any text field is 400 with a sentence, anonymously too, and nothing is stored', async () => {
    const before = await applications();
    for (const [body, message] of [
      [{ ...application, bio: `${application.bio}\u0000` }, NUL],
      [{ ...application, firstName: 'A\ud800na' }, SURROGATE],
      [{ ...application, lastName: '\udfffOrtega' }, SURROGATE],
      // Keys are text too (unknown ones are ignored, but not read past).
      [{ ...application, 'x\u0000': 1 }, NUL],
    ] as const) {
      const res = await server.request('POST', '/api/employee/register', { body });
      expect([res.status, res.body]).toEqual([400, { message, code: 'BAD_REQUEST' }]);
      const trpc = await server.request('POST', '/api/trpc/employeeApplications.register', { body });
      expect([trpc.status, trpc.body.error.message]).toEqual([400, message]);
    }
    const es = await server.request('POST', '/api/employee/register', {
      body: { ...application, phone: '\u0000' },
      headers: { 'accept-language': 'es' },
    });
    expect(es.body.message).toBe('El texto no puede contener el carácter NUL (U+0000).');
    expect(await applications()).toBe(before);
  });

  it('in a query string, on the REST path and in a tRPC query', async () => {
    const admin = await signInAs(server.database, 'admin');
    const rest = await server.request('GET', '/api/admin/customers?search=a%00b', { cookie: admin.cookie });
    expect([rest.status, rest.body.message]).toEqual([400, NUL]);
    const input = encodeURIComponent(JSON.stringify({ search: 'a\u0000b' }));
    const trpc = await server.request('GET', `/api/trpc/staff.customers.list?input=${input}`, { cookie: admin.cookie });
    expect([trpc.status, trpc.body.error.message]).toEqual([400, NUL]);
    const lone = encodeURIComponent(JSON.stringify({ search: 'a\ud800' }));
    const trpcLone = await server.request('GET', `/api/trpc/staff.customers.list?input=${lone}`, {
      cookie: admin.cookie,
    });
    expect([trpcLone.status, trpcLone.body.error.message]).toEqual([400, SURROGATE]);
    // A path parameter is an id: one with a NUL names nothing.
    expect((await server.request('GET', '/api/products/a%00b')).status).toBe(404);
  });

  it('a deeply nested body is 400, with an Idempotency-Key too (its fingerprint walks the body)', async () => {
    const admin = await signInAs(server.database, 'admin');
    const deep = `{"name":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    for (const headers of [{}, { 'idempotency-key': 'deep-1' }] as Record<string, string>[]) {
      const res = await server.request('POST', '/api/products', {
        cookie: admin.cookie,
        rawBody: deep,
        headers: { 'content-type': 'application/json', ...headers },
      });
      expect([res.status, res.body]).toEqual([400, { message: DEEP, code: 'BAD_REQUEST' }]);
    }
    const trpc = await server.request('POST', '/api/trpc/products.create', {
      cookie: admin.cookie,
      rawBody: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect([trpc.status, trpc.body.error.message]).toEqual([400, DEEP]);
  });

  it('a `__proto__` key is valid JSON: dropped, and the rest of the body is read', async () => {
    const admin = await signInAs(server.database, 'admin');
    const res = await server.request('POST', '/api/products', {
      cookie: admin.cookie,
      rawBody:
        '{"__proto__": {"isActive": false}, "constructor": {"prototype": {"x": 1}}, "name": "Proto Oil", "description": "d", "category": "Oils", "price": "4.00", "inventory": 1}',
      headers: { 'content-type': 'application/json' },
    });
    expect([res.status, res.body.name, res.body.isActive]).toEqual([200, 'Proto Oil', true]);
    expect(await server.db.select({ n: count() }).from(products)).toEqual([{ n: 1 }]);
  });
});

describe('the log of a failed request', () => {
  it('names neither the query string nor the parameters of a failed query', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const env = testEnv();
    const database = await createTestDatabase();
    const app = await buildApp(
      { database, env },
      { logger: { ...(await loggerOptions({ ...env, LOG_LEVEL: 'info' }, false)), stream } },
    );
    try {
      await app.inject({ method: 'GET', url: '/api/admin/customers?search=ana.ortega%40example.com' });
      // A query that failed (as PGlite's errors do, it carries its parameters) under tRPC's wrapping.
      const failed = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
        code: '22021',
        query: 'insert into "employee_applications" …',
        params: ['Ana', 'ana.ortega@example.com'],
      });
      const wrapped = new Error('wrapped', {
        cause: new DrizzleQueryError('insert into "employee_applications" …', ['ana.ortega@example.com'], failed),
      });
      logFailure({ log: app.log } as unknown as FastifyRequest, wrapped, 'INTERNAL_SERVER_ERROR');
      const log = lines.join('');
      expect(log).toContain('/api/admin/customers');
      expect(log).toContain('invalid byte sequence');
      expect(log).toContain('insert into');
      expect(log).not.toContain('ana.ortega');
      expect(log).not.toContain('Ana"');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
