import { describe, expect, it } from 'vitest';
import { appRouter } from '../../routers/index';
import { plainRoutes } from '../../../openapi/document';
import { signInAs, useTestServer } from '../../testing/test-server';
import type { Meta } from './trpc';

// What every operation can answer is what the document lists for it (docs/api-conventions.md): each request below
// goes through the test client, which fails on a status or body the committed document does not list.

const someId = '00000000-0000-4000-8000-000000000000';
const urlOf = (path: string) => `/api${path.replace(/\{[^}]+\}/g, someId)}`;

const operations = Object.values(appRouter._def.procedures).flatMap((procedure) => {
  const openapi = (procedure as unknown as { _def: { meta?: Meta } })._def.meta?.openapi;
  return openapi ? [openapi] : [];
});

describe('a query parameter the operation does not take', () => {
  const server = useTestServer();

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s: 400, as documented', async (_, op) => {
    // Refused before the operation runs, so an anonymous caller with no body meets it too.
    const res = await server.request(op.method, `${urlOf(op.path)}?zzzUnknown=1`);
    expect([res.status, res.body]).toEqual([
      400,
      { message: 'This operation takes no query parameter named zzzUnknown.', code: 'BAD_REQUEST' },
    ]);
  });
});

// The plain routes (src/server/http) that check their caller: the same answers as a procedure with their access rule.
describe('plain routes that check their caller', () => {
  const server = useTestServer({ env: { API_KEY_RATE_LIMIT: '1' } });
  const send = (route: (typeof plainRoutes)[number], init: { headers?: Record<string, string> } = {}) =>
    server.request(route.method, urlOf(route.path), {
      ...init,
      ...(route.method === 'POST' && {
        rawBody: 'name,price\n',
        headers: { ...init.headers, 'content-type': 'text/csv' },
      }),
      ...(route.method === 'DELETE' && { body: { confirm: 'DELETE' } }),
    });

  it('answer an anonymous caller 401, and a key over its rate limit 429 with Retry-After', async () => {
    const admin = await signInAs(server.database, 'admin');
    const created = await server.request('POST', '/api/admin/api-keys', {
      cookie: admin.cookie,
      body: { name: 'Plain routes', permissions: ['orders.view'] },
    });
    const headers = { authorization: `Bearer ${created.body.key}` };
    // The key's one request of the window.
    expect((await server.request('GET', '/api/orders', { headers })).status).toBe(200);
    expect(plainRoutes.length).toBeGreaterThan(0);
    for (const route of plainRoutes) {
      const anonymous = await send(route);
      expect([route.path, anonymous.status, anonymous.body.message]).toEqual([
        route.path,
        401,
        'Please sign in to continue.',
      ]);
      const keyed = await send(route, { headers });
      expect([route.path, keyed.status]).toEqual([route.path, 429]);
      expect(Number(keyed.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('are documented with the credentials their access rule asks for, as a procedure with that rule is', async () => {
    const document = (await server.request('GET', '/api/openapi.json')).body;
    const procedureSecurity = document.paths['/orders'].get.security;
    for (const route of plainRoutes) {
      const operation = document.paths[route.path][route.method.toLowerCase()];
      expect([route.path, operation.security]).toEqual([
        route.path,
        route.access.kind === 'public' ? [] : procedureSecurity,
      ]);
    }
  });
});
