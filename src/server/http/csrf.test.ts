import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs, useTestServer } from '../../testing/test-server';

const server = useTestServer();
let cookie: string;
beforeAll(async () => {
  ({ cookie } = await signInAs(server.database, 'admin'));
});

const currentName = async () => (await server.request('GET', '/api/business/settings')).body.businessName;

const multipart = () => {
  const form = new FormData();
  form.set('businessName', 'Forged');
  return form;
};

// Each body kind a cross-site page can send: JSON (fetch), form, multipart and text (plain HTML forms).
const bodies: [string, () => { rawBody: string | FormData | URLSearchParams; headers?: Record<string, string> }][] = [
  [
    'JSON',
    () => ({ rawBody: JSON.stringify({ businessName: 'Forged' }), headers: { 'content-type': 'application/json' } }),
  ],
  ['form', () => ({ rawBody: new URLSearchParams({ businessName: 'Forged' }) })],
  ['multipart', () => ({ rawBody: multipart() })],
  ['text', () => ({ rawBody: '{"businessName":"Forged"}', headers: { 'content-type': 'text/plain' } })],
];

const targets: [string, string, string][] = [
  ['REST', 'PUT', '/api/business/settings'],
  ['REST (POST)', 'POST', '/api/business/settings'],
  ['tRPC', 'POST', '/api/trpc/settings.update'],
];

describe('cross-site request forgery', () => {
  it.each(
    targets.flatMap(([api, method, path]) => bodies.map(([kind, body]) => [api, kind, method, path, body] as const)),
  )('%s refuses a %s body from a foreign Origin with 403 and no change', async (_api, _kind, method, path, body) => {
    const before = await currentName();
    const { rawBody, headers } = body();
    const res = await server.request(method, path, {
      cookie,
      rawBody,
      headers: { ...headers, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-site requests are not allowed.', code: 'FORBIDDEN' });
    expect(await currentName()).toBe(before);
  });

  it('refuses Sec-Fetch-Site: cross-site even without Origin', async () => {
    const res = await server.request('PUT', '/api/business/settings', {
      cookie,
      body: { businessName: 'Forged' },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(await currentName()).not.toBe('Forged');
  });

  it('refuses Origin: null (sandboxed frames, some redirects)', async () => {
    const res = await server.request('POST', '/api/trpc/settings.update', {
      cookie,
      body: { businessName: 'Forged' },
      headers: { origin: 'null' },
    });
    expect(res.status).toBe(403);
  });

  it('accepts the same request from our own origin', async () => {
    for (const origin of ['http://localhost:3000', server.baseUrl]) {
      const res = await server.request('PUT', '/api/business/settings', {
        cookie,
        body: { businessName: `Ours ${origin}` },
        headers: { origin, 'sec-fetch-site': 'same-origin' },
      });
      expect(res.status).toBe(200);
    }
    expect(await currentName()).toBe(`Ours ${server.baseUrl}`);
  });

  it('leaves reads alone', async () => {
    const res = await server.request('GET', '/api/business/settings', {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.status).toBe(200);
    // CORS stays closed: no header grants a foreign origin access to the answer.
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
