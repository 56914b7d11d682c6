import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs, useTestServer } from '../../testing/test-server';

/** CONTRACT "Languages and currency": error messages follow Accept-Language; the code never changes. */
const server = useTestServer();
let cookie: string;
beforeAll(async () => {
  ({ cookie } = await signInAs(server.database, 'admin'));
});

const english = { 'accept-language': 'en' };
const spanish = { 'accept-language': 'es-ES,es;q=0.9' };

describe('error messages in the request’s language', () => {
  it('says what a service refused in English or Spanish, with the same status and code', async () => {
    const body = { code: 'IDIOMA10', kind: 'percent', value: 10 };
    expect((await server.request('POST', '/api/admin/discounts', { cookie, body })).status).toBe(200);
    const en = await server.request('POST', '/api/admin/discounts', { cookie, body, headers: english });
    const es = await server.request('POST', '/api/admin/discounts', { cookie, body, headers: spanish });
    expect([en.status, en.body]).toEqual([
      409,
      { code: 'CONFLICT', message: 'A discount code IDIOMA10 already exists.' },
    ]);
    expect([es.status, es.body]).toEqual([
      409,
      { code: 'CONFLICT', message: 'Ya existe un código de descuento IDIOMA10.' },
    ]);
  });

  it('says a validation failure in Spanish, field by field', async () => {
    const body = { name: 'Tea', price: 'cheap' };
    const en = await server.request('POST', '/api/products', { cookie, body, headers: english });
    const es = await server.request('POST', '/api/products', { cookie, body, headers: spanish });
    expect([en.status, en.body]).toEqual([
      400,
      {
        code: 'BAD_REQUEST',
        message: 'Price must be a number',
        issues: [{ path: 'price', message: 'Price must be a number' }],
      },
    ]);
    expect([es.status, es.body]).toEqual([
      400,
      {
        code: 'BAD_REQUEST',
        message: 'El precio debe ser un número',
        issues: [{ path: 'price', message: 'El precio debe ser un número' }],
      },
    ]);
  });

  it('speaks Spanish on /api/trpc too', async () => {
    const res = await server.request('POST', '/api/trpc/settings.update', { cookie, body: {}, headers: spanish });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: { message: 'Escribe el nombre del negocio', data: { code: 'BAD_REQUEST', httpStatus: 400 } },
    });
  });

  it('answers in the business default (English) for a language the product does not speak, or none', async () => {
    for (const headers of [{ 'accept-language': 'fr-FR,de;q=0.8' }, {}] as Record<string, string>[]) {
      const res = await server.request('GET', '/api/auth/user/nothing-here', { headers });
      expect(res.body).toEqual({ code: 'NOT_FOUND', message: 'No route for GET /api/auth/user/nothing-here' });
    }
    const es = await server.request('GET', '/api/auth/user/nothing-here', { headers: spanish });
    expect(es.body).toEqual({ code: 'NOT_FOUND', message: 'No existe la ruta GET /api/auth/user/nothing-here' });
  });
});
