import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, startTestServer } from '../../testing/test-server';
import { OidcDiscovery } from './oidc-client';

const quiet = { info() {}, warn() {}, error() {} };

describe('local development provider (no issuer configured, not production)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** What a person does in the browser: open /api/login, pick an account on the page, come back. */
  async function pick(email: string, names: { given_name?: string; family_name?: string } = {}) {
    const login = await server.request('GET', '/api/login?returnTo=/profile');
    expect(login.status).toBe(302);
    const authorize = new URL(login.headers.get('location')!);
    expect(authorize.hostname).toBe('127.0.0.1');
    const page = await fetch(authorize);
    const html = await page.text();
    const form = new URLSearchParams(authorize.searchParams);
    form.set('email', email);
    for (const [k, v] of Object.entries(names)) form.set(k, v);
    const back = await fetch(new URL('/authorize', authorize), { method: 'POST', body: form, redirect: 'manual' });
    expect(back.status).toBe(302);
    const callback = new URL(back.headers.get('location')!);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const res = await server.request('GET', `${callback.pathname}${callback.search}`, { cookie });
    const sid = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))
      ?.split(';')[0];
    return { html, res, sid };
  }

  it('lists the accounts by role on its sign-in page, and signs in the one picked through the real code path', async () => {
    const { user: employee } = await signInAs(server.database, 'employee', { firstName: 'Maya', lastName: 'Okafor' });
    const { user: customer } = await signInAs(server.database, 'customer', { firstName: 'Alex', lastName: 'Morgan' });
    const { html, res, sid } = await pick(employee.email);
    expect(html).toContain('Development sign-in');
    for (const heading of ['Customers', 'Employees', 'Admins', 'Someone else']) expect(html).toContain(heading);
    expect(html).toContain(employee.email);
    expect(html).toContain(customer.email);
    expect(res.headers.get('location')).toBe('/profile');
    const me = await server.request('GET', '/api/auth/user', { cookie: sid });
    expect(me.body).toMatchObject({ id: employee.id, role: 'employee', firstName: 'Maya' });
  });

  it('signs in anyone by e-mail and name, as a new customer', async () => {
    const { sid } = await pick('new.person@example.com', { given_name: 'New', family_name: 'Person' });
    const me = await server.request('GET', '/api/auth/user', { cookie: sid });
    expect(me.body).toMatchObject({
      email: 'new.person@example.com',
      firstName: 'New',
      lastName: 'Person',
      role: 'customer',
    });
    // The same person again is the same account.
    const again = await pick('new.person@example.com');
    expect((await server.request('GET', '/api/auth/user', { cookie: again.sid })).body.id).toBe(me.body.id);
  });

  it('refuses an authorization request for another client or callback', async () => {
    const login = await server.request('GET', '/api/login');
    const authorize = new URL(login.headers.get('location')!);
    authorize.searchParams.set('redirect_uri', 'https://evil.example/steal');
    expect((await fetch(authorize)).status).toBe(400);
    authorize.searchParams.set('client_id', 'other');
    expect((await fetch(authorize)).status).toBe(400);
  });
});

describe('discovery', () => {
  it('an unreachable issuer does not stop the server; sign-in says it is unavailable', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const server = await startTestServer({
      env: { OIDC_ISSUER_URL: `http://127.0.0.1:${port}`, OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' },
    });
    try {
      const res = await server.request('GET', '/api/login');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/sign-in-error?reason=unavailable');
      expect((await server.request('GET', '/api/business/settings')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('is retried in the background until the issuer answers', async () => {
    let up = false;
    const issuerServer = createServer((req, res) => {
      if (!up) return void res.writeHead(503).end();
      const issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/a`,
          token_endpoint: `${issuer}/t`,
          jwks_uri: `${issuer}/k`,
        }),
      );
    });
    await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
    const discovery = new OidcDiscovery({ issuer, clientId: 'x', clientSecret: 'y', label: 'test' }, quiet, [20]);
    try {
      discovery.start();
      await new Promise((r) => setTimeout(r, 60));
      expect(discovery.current()).toBeNull();
      up = true;
      await expect.poll(() => discovery.current()?.tokenEndpoint, { timeout: 2000 }).toBe(`${issuer}/t`);
    } finally {
      discovery.stop();
      issuerServer.close();
    }
  });

  it('refuses metadata that names another issuer', async () => {
    const issuerServer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          issuer: 'https://evil.example',
          authorization_endpoint: 'x',
          token_endpoint: 'y',
          jwks_uri: 'z',
        }),
      );
    });
    await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
    const discovery = new OidcDiscovery({ issuer, clientId: 'x', clientSecret: 'y', label: 'test' }, quiet, [60_000]);
    try {
      expect(await discovery.ensure()).toBeNull();
    } finally {
      discovery.stop();
      issuerServer.close();
    }
  });
});
