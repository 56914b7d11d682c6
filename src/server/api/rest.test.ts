import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs, startTestServer, useTestServer } from '../../testing/test-server';

const server = useTestServer();
let cookie: string;
beforeAll(async () => {
  ({ cookie } = await signInAs(server.database, 'admin'));
});

describe('REST conventions (docs/api-conventions.md)', () => {
  it('accepts a write with no body and no Content-Type: it reaches validation instead of 415', async () => {
    const res = await server.request('PUT', '/api/business/settings', { cookie });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', message: 'Business name is required' });
  });

  it('answers 415 for bodies that are not JSON', async () => {
    for (const [contentType, rawBody] of [
      ['text/plain', 'businessName=x'],
      ['application/x-www-form-urlencoded', 'businessName=x'],
      ['application/xml', '<x/>'],
    ]) {
      const res = await server.request('PUT', '/api/business/settings', {
        cookie,
        rawBody,
        headers: { 'content-type': contentType! },
      });
      expect([contentType, res.status]).toEqual([contentType, 415]);
      expect(res.body).toEqual({
        message: 'Request bodies must be JSON (Content-Type: application/json).',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
  });

  it('accepts JSON with a charset', async () => {
    const res = await server.request('PUT', '/api/business/settings', {
      cookie,
      rawBody: JSON.stringify({ businessName: 'Charset Co' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(200);
  });

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await server.request('PUT', '/api/business/settings', {
      cookie,
      rawBody: '{"businessName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(typeof res.body.message).toBe('string');
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await server.request('PUT', '/api/business/settings', {
      cookie,
      body: { businessName: 'x'.repeat(1_100_000) },
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it("says Fastify's own refusals in the caller's language, with the same status, code and shape", async () => {
    const json = { 'content-type': 'application/json' };
    const longId = 'a'.repeat(6000);
    const refusals: {
      send?: { rawBody?: string; body?: unknown; headers?: Record<string, string> };
      path?: string;
      method?: 'GET' | 'PUT';
      status: number;
      code: string;
      en: string;
      es: string;
    }[] = [
      {
        send: { rawBody: '{"businessName":', headers: json },
        status: 400,
        code: 'BAD_REQUEST',
        en: 'The request body is not valid JSON.',
        es: 'El cuerpo de la solicitud no es JSON válido.',
      },
      {
        send: { rawBody: '', headers: json },
        status: 400,
        code: 'BAD_REQUEST',
        en: 'The request body is empty, but its Content-Type says JSON: send JSON, or no body and no Content-Type.',
        es: 'El cuerpo de la solicitud está vacío, pero su Content-Type dice JSON: envía JSON, o ningún cuerpo y ningún Content-Type.',
      },
      {
        send: { body: { businessName: 'x'.repeat(1_100_000) } },
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
        en: 'The request body is larger than 1 MB.',
        es: 'El cuerpo de la solicitud supera 1 MB.',
      },
      {
        send: { rawBody: 'businessName=x', headers: { 'content-type': 'text/plain' } },
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        en: 'Request bodies must be JSON (Content-Type: application/json).',
        es: 'El cuerpo de la solicitud debe ser JSON (Content-Type: application/json).',
      },
      {
        path: '/api/no-such-thing',
        method: 'GET',
        status: 404,
        code: 'NOT_FOUND',
        en: 'No route for GET /api/no-such-thing',
        es: 'No existe la ruta GET /api/no-such-thing',
      },
      {
        // A path segment over Fastify's maxParamLength (5000) is refused before routing: no id is that long.
        path: `/api/products/${longId}`,
        method: 'GET',
        status: 404,
        code: 'NOT_FOUND',
        en: 'Nothing was found at this address: a part of it is too long to be an id.',
        es: 'No se encontró nada en esta dirección: una parte de ella es demasiado larga para ser un id.',
      },
    ];
    for (const { send = {}, path = '/api/business/settings', method = 'PUT', status, code, ...said } of refusals) {
      for (const language of [undefined, 'en', 'es-MX', 'es'] as const) {
        const res = await server.request(method, path, {
          cookie,
          ...send,
          headers: { ...send.headers, ...(language && { 'accept-language': language }) },
        });
        const expected = { message: said[language?.startsWith('es') ? 'es' : 'en'], code };
        expect([path.slice(0, 40), language, res.status, res.body]).toEqual([
          path.slice(0, 40),
          language,
          status,
          expected,
        ]);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
      }
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await server.request('GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('keeps error statuses on both APIs when the client accepts compression', async () => {
    for (const path of ['/api/auth/user', '/api/trpc/auth.user']) {
      const res = await server.request('GET', path, { headers: { 'accept-encoding': 'gzip, br' } });
      expect([path, res.status]).toEqual([path, 401]);
    }
  });

  it('sends security headers and a request id', async () => {
    const res = await server.request('GET', '/api/business/settings');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
  });

  it("lets a page opened at another of the server's addresses show the pictures stored with its public one", async () => {
    const page = await server.request('GET', '/');
    const imgSrc = /img-src ([^;]*)/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    expect(imgSrc?.split(' ')).toContain(new URL(server.env.publicUrl).origin);
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const picture = await server.request('GET', '/catalog/argan-hair-mask.webp');
    expect(picture.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('answers a URL with broken percent-encoding in the error shape, with a request id and security headers', async () => {
    for (const path of ['/api/products/%E0%A4%A', '/api/services/%ZZ', '/shop/%E0%A4%A']) {
      const res = await server.request('GET', path, { headers: { 'x-request-id': 'bad-url-1' } });
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body).toEqual({ message: 'The address is not a valid URL.', code: 'BAD_REQUEST' });
      expect(res.headers.get('x-request-id')).toBe('bad-url-1');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
    // Pages keep the page policy: the API's default-src 'none' is for answers that are never rendered.
    const page = await server.request('GET', '/shop/%E0%A4%A');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const api = await server.request('GET', '/api/products/%E0%A4%A');
    expect(api.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('serves the OpenAPI document and the interactive docs', async () => {
    const doc = await server.request('GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(doc.body.paths['/business/settings']).toHaveProperty('put');
    const docs = await fetch(`${server.baseUrl}/api/docs`, { redirect: 'follow' });
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  it('reports liveness and readiness', async () => {
    expect((await server.request('GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await server.request('GET', '/readyz')).body).toEqual({ status: 'ready', jobs: { stuck: 0, failed: 0 } });
  });
});

describe('server faults', () => {
  it('never leaks internals: a failing database gives a plain message and a request id', async () => {
    const broken = await startTestServer();
    await broken.database.close();
    try {
      for (const path of ['/api/business/settings', '/api/trpc/settings.get']) {
        const res = await broken.request('GET', path, { headers: { 'x-request-id': 'fault-test-1' } });
        expect(res.status).toBeGreaterThanOrEqual(500);
        expect(res.text).not.toMatch(/stack|at \w+ \(|node_modules|pglite|postgres|select /i);
        const error = path.startsWith('/api/trpc')
          ? { ...res.body.error, requestId: res.body.error.data.requestId }
          : res.body;
        expect(error.requestId).toBe('fault-test-1');
        // PGlite fails as a fault (500); a closed PostgreSQL pool counts as the database being away (503).
        expect(error.message).toMatch(/Please try again/);
      }
      expect((await broken.request('GET', '/readyz')).status).toBe(503);
    } finally {
      await broken.app.close();
    }
  });
});
