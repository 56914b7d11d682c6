import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { createAppServices } from './context';
import { createTestDatabase, testEnv } from '../../testing/test-server';
import { publicProcedure, rest, router } from './trpc';
import { catalogHttpPlugin } from '../http/catalog-http';
import { compressionPlugin } from '../http/compression';
import { errorHandlingPlugin } from './error-reply';
import { restPlugin } from './rest';

// The adapter's conventions on a router of its own, so each shows in isolation (docs/api-conventions.md).
const testRouter = router({
  ping: publicProcedure
    .meta(rest({ method: 'POST', path: '/ping', summary: 'A write with no payload' }))
    .input(z.void())
    .output(z.object({ pong: z.boolean() }))
    .mutation(() => ({ pong: true })),
  search: publicProcedure
    .meta(rest({ method: 'GET', path: '/search', summary: 'Query input' }))
    .input(z.object({ limit: z.number().int(), tags: z.array(z.string()).optional() }))
    .output(z.object({ limit: z.number(), tags: z.array(z.string()) }))
    .query(({ input }) => ({ limit: input.limit, tags: input.tags ?? [] })),
  replace: publicProcedure
    .meta({
      ...rest({ method: 'PUT', path: '/lists/{id}', summary: 'A list body' }),
      bareArrayBody: 'items',
    })
    .input(z.object({ id: z.string(), items: z.array(z.object({ n: z.number() })), enabled: z.boolean().optional() }))
    .output(z.object({ id: z.string(), count: z.number(), enabled: z.boolean().nullable() }))
    .mutation(({ input }) => ({ id: input.id, count: input.items.length, enabled: input.enabled ?? null })),
  rename: publicProcedure
    .meta(rest({ method: 'PUT', path: '/names/{id}', summary: 'An object body' }))
    .input(z.object({ id: z.string(), name: z.string() }))
    .output(z.object({ id: z.string(), name: z.string() }))
    .mutation(({ input }) => input),
});

let database: Database;
let app: ReturnType<typeof Fastify>;
beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
  const services = createAppServices({ database, env: testEnv() });
  // The plugins the adapter names as its prerequisites.
  await app.register(errorHandlingPlugin);
  await app.register(fastifyCookie);
  await app.register(catalogHttpPlugin, services);
  await app.register(compressionPlugin);
  await app.register(restPlugin, { ...services, router: testRouter });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('REST adapter', () => {
  it('runs a write sent with no body and no Content-Type', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/ping' });
    expect([res.statusCode, res.json()]).toEqual([200, { pong: true }]);
  });

  it('coerces query strings and makes a single value a list where the schema wants one', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/search?limit=5&tags=a' });
    expect(res.json()).toEqual({ limit: 5, tags: ['a'] });
    const bad = await app.inject({ method: 'GET', url: '/api/search?limit=five' });
    expect(bad.statusCode).toBe(400);
  });

  it('accepts a list as a bare array body and as an object, path parameters winning', async () => {
    const bare = await app.inject({ method: 'PUT', url: '/api/lists/7', payload: [{ n: 1 }, { n: 2 }] });
    expect([bare.statusCode, bare.json()]).toEqual([200, { id: '7', count: 2, enabled: null }]);
    const wrapped = await app.inject({
      method: 'PUT',
      url: '/api/lists/7',
      payload: { id: 'ignored', items: [{ n: 1 }] },
    });
    expect(wrapped.json()).toEqual({ id: '7', count: 1, enabled: null });
  });

  it('does not coerce JSON bodies: the string "false" is not a boolean', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/lists/7', payload: { items: [], enabled: 'false' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'enabled', message: 'enabled must be true or false' }]);
  });

  it('refuses a bare array where no field takes one, and a JSON scalar, where an object is expected', async () => {
    for (const payload of ['[{"name":"x"}]', '"text"', '42']) {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/names/7',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect([payload, res.statusCode, res.json()]).toEqual([
        payload,
        400,
        { message: 'The request body must be a JSON object.', code: 'BAD_REQUEST' },
      ]);
    }
    // An operation without input never reads its body.
    const ping = await app.inject({
      method: 'POST',
      url: '/api/ping',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(ping.statusCode).toBe(200);
  });
});
