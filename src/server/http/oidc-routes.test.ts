import { eq } from 'drizzle-orm';
import { generateKeyPairSync, sign } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, sessions, users } from '../../../db/schema/index';
import { hashToken } from '../auth/sessions';
import { startTestServer } from '../../testing/test-server';

// The full OpenID Connect round trip over real HTTP, against a real (local) OpenID provider:
// oauth2-mock-server publishes discovery and keys, signs id_tokens and checks PKCE.
const CLIENT_ID = 'storefront-test';
const mock = new OAuth2Server();
let server: Awaited<ReturnType<typeof startTestServer>>;

/** Claims the provider puts in the next id_tokens, and a hook to spoil them. */
let claims: Record<string, unknown> = {};
let spoil: ((payload: Record<string, unknown>) => void) | undefined;
// The provider emits its events synchronously, so replacements are synchronous too.
let replaceIdToken: ((original: string) => string) | undefined;

beforeAll(async () => {
  await mock.issuer.keys.generate('RS256');
  await mock.start(0, '127.0.0.1');
  mock.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (token.payload.aud !== CLIENT_ID) return; // the access token
    Object.assign(token.payload, claims);
    spoil?.(token.payload);
  });
  mock.service.on('beforeResponse', (response: { body: Record<string, unknown> }) => {
    if (replaceIdToken && typeof response.body.id_token === 'string')
      response.body.id_token = replaceIdToken(response.body.id_token);
  });
  server = await startTestServer({
    env: {
      OIDC_ISSUER_URL: mock.issuer.url!,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: 'test-secret',
      ADMIN_EMAILS: 'Boss@Example.com',
    },
  });
});
afterAll(async () => {
  await server.close();
  await mock.stop();
});
beforeEach(async () => {
  claims = {
    sub: `subject-${Math.random().toString(36).slice(2)}`,
    email: `person-${Math.random().toString(36).slice(2)}@example.com`,
    email_verified: true,
    given_name: 'Robin',
    family_name: 'Reyes',
  };
  spoil = undefined;
  replaceIdToken = undefined;
  await server.db.delete(rateLimits);
});

function cookiesFrom(res: { headers: Headers }) {
  return Object.fromEntries(res.headers.getSetCookie().map((c) => [c.split('=')[0]!, c]));
}
const cookieValue = (setCookie: string | undefined) => setCookie?.split(';')[0]!.split('=').slice(1).join('=');
const cookieHeader = (set: Record<string, string>) =>
  Object.values(set)
    .map((c) => c.split(';')[0])
    .filter((c) => !c!.endsWith('='))
    .join('; ');

/** Browser-like: /api/login, the provider's redirect, then /api/callback with the cookies set at login. */
async function signIn(
  opts: { returnTo?: string; existingCookie?: string; tamper?: (callback: URL) => void; dropCookies?: string[] } = {},
) {
  const login = await server.request(
    'GET',
    `/api/login${opts.returnTo !== undefined ? `?returnTo=${encodeURIComponent(opts.returnTo)}` : ''}`,
  );
  expect(login.status).toBe(302);
  const authorize = new URL(login.headers.get('location')!);
  const set = cookiesFrom(login);
  for (const name of opts.dropCookies ?? []) delete set[name];
  const provider = await fetch(authorize, { redirect: 'manual' });
  expect(provider.status).toBe(302);
  const callback = new URL(provider.headers.get('location')!);
  opts.tamper?.(callback);
  const cookie = [cookieHeader(set), opts.existingCookie].filter(Boolean).join('; ');
  const res = await server.request('GET', `${callback.pathname}${callback.search}`, { cookie });
  const sid = cookieValue(cookiesFrom(res).sid);
  return { login, authorize, loginCookies: set, callback, res, sid: sid || undefined };
}

async function sessionCount() {
  return (await server.db.select({ id: sessions.id }).from(sessions)).length;
}

describe('GET /api/login', () => {
  it('redirects to the provider with code flow, PKCE S256, state and nonce, and sets short-lived callback-only cookies', async () => {
    const { authorize, loginCookies } = await signIn();
    expect(authorize.origin).toBe(mock.issuer.url);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')!.length).toBeGreaterThanOrEqual(16);
    expect(authorize.searchParams.get('nonce')!.length).toBeGreaterThanOrEqual(16);
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/callback');
    for (const name of ['oidc_state', 'oidc_verifier', 'oidc_flow']) {
      expect(loginCookies[name]).toMatch(/HttpOnly/i);
      expect(loginCookies[name]).toMatch(/SameSite=Lax/i);
      expect(loginCookies[name]).toMatch(/Path=\/api\/callback/);
      expect(loginCookies[name]).toMatch(/Max-Age=600/);
    }
  });
});

describe('GET /api/callback', () => {
  it('creates a customer on first sign-in with name and e-mail, sets the session cookie and goes to returnTo', async () => {
    claims.picture = 'https://images.example.com/robin.png';
    const { res, sid } = await signIn({ returnTo: '/products?q=oil' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/products?q=oil');
    const setCookie = cookiesFrom(res).sid!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);
    expect(sid!.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    const me = await server.request('GET', '/api/auth/user', { cookie: `sid=${sid}` });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: claims.email,
      firstName: 'Robin',
      lastName: 'Reyes',
      role: 'customer',
      isActive: true,
      profileImageUrl: 'https://images.example.com/robin.png',
      permissions: [],
    });
    // The table keeps only the token's hash.
    const [row] = await server.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(sid!)));
    expect(row!.tokenHash).not.toBe(sid);
  });

  it('finds the same account by issuer and subject, with a new token each time; the old session ends', async () => {
    const first = await signIn();
    const second = await signIn({ existingCookie: `sid=${first.sid}` });
    expect(second.sid).toBeDefined();
    expect(second.sid).not.toBe(first.sid);
    expect((await server.request('GET', '/api/auth/user', { cookie: `sid=${first.sid}` })).status).toBe(401);
    const me = await server.request('GET', '/api/auth/user', { cookie: `sid=${second.sid}` });
    expect(me.body.email).toBe(claims.email);
    const accounts = await server.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, claims.email as string));
    expect(accounts).toHaveLength(1);
  });

  it('links an existing account by verified e-mail (an admin created without a provider identity)', async () => {
    await server.db.insert(users).values({
      email: 'owner@example.com',
      firstName: 'Olive',
      lastName: 'Owner',
      role: 'admin',
      permissions: ['settings.edit'],
    });
    claims.email = 'OWNER@example.com';
    const { sid } = await signIn();
    const me = await server.request('GET', '/api/auth/user', { cookie: `sid=${sid}` });
    expect(me.body).toMatchObject({ email: 'owner@example.com', firstName: 'Olive', role: 'admin' });
  });

  it('makes whoever signs in with an ADMIN_EMAILS address an admin', async () => {
    claims.email = 'boss@example.com';
    const { sid } = await signIn();
    const me = await server.request('GET', '/api/auth/user', { cookie: `sid=${sid}` });
    expect(me.body.role).toBe('admin');
    expect(me.body.permissions.length).toBeGreaterThan(40);
  });

  it('refuses a deactivated account: no session', async () => {
    await server.db.insert(users).values({ email: 'gone@example.com', firstName: 'Gone', isActive: false });
    claims.email = 'gone@example.com';
    const before = await sessionCount();
    const { res, sid } = await signIn();
    expect(res.headers.get('location')).toBe('/sign-in-error?reason=deactivated');
    expect(sid).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });

  it('refuses an unverified e-mail for a new identity', async () => {
    claims.email_verified = false;
    const { res, sid } = await signIn();
    expect(res.headers.get('location')).toBe('/sign-in-error?reason=unverified');
    expect(sid).toBeUndefined();
  });

  it.each([
    ['//evil.example/steal', '/'],
    ['https://evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/api/logout', '/'],
    ['/profile#orders', '/profile#orders'],
  ])('returnTo %j goes to %j', async (returnTo, expected) => {
    const { res } = await signIn({ returnTo });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(expected);
  });

  describe('no session for anything not verified', () => {
    const refused = async (opts: Parameters<typeof signIn>[0] = {}, reason = 'failed') => {
      const before = await sessionCount();
      const { res, sid } = await signIn(opts);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/sign-in-error?reason=${reason}`);
      expect(sid).toBeUndefined();
      expect(await sessionCount()).toBe(before);
      expect(
        (
          await server.db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.email, claims.email as string))
        ).length,
      ).toBe(0);
    };

    it('tampered state', () => refused({ tamper: (url) => url.searchParams.set('state', 'forged-state-value') }));
    it('missing state cookie (callback replayed in another browser)', () => refused({ dropCookies: ['oidc_state'] }));
    it('missing flow cookie', () => refused({ dropCookies: ['oidc_flow'] }, 'expired'));
    it('wrong PKCE verifier', () => refused({ dropCookies: ['oidc_verifier'] }));
    it('forged code', () => refused({ tamper: (url) => url.searchParams.set('code', 'not-a-code') }));
    it('wrong issuer', () => {
      spoil = (p) => void (p.iss = 'https://evil.example');
      return refused();
    });
    it('wrong audience', () => {
      spoil = (p) => void (p.aud = 'another-client');
      return refused();
    });
    it('several audiences without us as authorised party', () => {
      spoil = (p) => void Object.assign(p, { aud: [CLIENT_ID, 'another-client'], azp: 'another-client' });
      return refused();
    });
    it('expired id_token', () => {
      spoil = (p) =>
        void Object.assign(p, { iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 });
      return refused();
    });
    it('nonce from another sign-in', () => {
      spoil = (p) => void (p.nonce = 'someone-elses-nonce');
      return refused();
    });
    it('unsigned id_token (alg none)', () => {
      replaceIdToken = (original) => {
        const payload = original.split('.')[1]!;
        return `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      };
      return refused();
    });
    it('id_token signed by a key the issuer does not publish', () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      replaceIdToken = (original) => {
        // Same header (and kid) and claims, signed with a key of our own.
        const [header, payload] = original.split('.');
        const signature = sign('sha256', Buffer.from(`${header}.${payload}`), privateKey).toString('base64url');
        return `${header}.${payload}.${signature}`;
      };
      return refused();
    });
    it('the provider reports an error (person cancelled)', async () => {
      const res = await server.request('GET', '/api/callback?error=access_denied&state=x');
      expect(res.headers.get('location')).toBe('/sign-in-error?reason=cancelled');
      expect(cookiesFrom(res).sid).toBeUndefined();
    });
  });

  it('is rate limited per address', async () => {
    let last;
    for (let i = 0; i < 61; i++) last = await server.request('GET', '/api/callback?code=x&state=y');
    expect(last!.headers.get('location')).toBe('/sign-in-error?reason=rate-limited');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('GET /api/logout', () => {
  it('ends the session server-side, clears the cookie and goes home', async () => {
    const { sid } = await signIn();
    const res = await server.request('GET', '/api/logout', { cookie: `sid=${sid}` });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(cookiesFrom(res).sid).toMatch(/sid=;/);
    expect((await server.request('GET', '/api/auth/user', { cookie: `sid=${sid}` })).status).toBe(401);
    expect(
      await server.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(sid!))),
    ).toHaveLength(0);
  });

  it('works signed out too', async () => {
    const res = await server.request('GET', '/api/logout');
    expect(res.status).toBe(302);
  });

  it('does not sign out when another site links to it: home, still signed in', async () => {
    const { sid } = await signIn();
    for (const site of ['cross-site', 'same-site']) {
      const res = await server.request('GET', '/api/logout', {
        cookie: `sid=${sid}`,
        headers: { 'sec-fetch-site': site },
      });
      expect([site, res.status, res.headers.get('location')]).toEqual([site, 302, '/']);
      expect(cookiesFrom(res).sid).toBeUndefined();
      expect((await server.request('GET', '/api/auth/user', { cookie: `sid=${sid}` })).status).toBe(200);
    }
  });

  it('signs out from our own pages and from a typed or bookmarked address', async () => {
    for (const site of ['same-origin', 'none']) {
      const { sid } = await signIn();
      const res = await server.request('GET', '/api/logout', {
        cookie: `sid=${sid}`,
        headers: { 'sec-fetch-site': site },
      });
      expect([site, res.status, res.headers.get('location')]).toEqual([site, 302, '/']);
      expect(cookiesFrom(res).sid).toMatch(/sid=;/);
      expect((await server.request('GET', '/api/auth/user', { cookie: `sid=${sid}` })).status).toBe(401);
    }
  });
});
