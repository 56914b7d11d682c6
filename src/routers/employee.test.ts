import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, sessions, users } from '../../db/schema/index';
import { setAccountActive } from '../server/auth/account-status';
import { hashPassword } from '../server/auth/passwords';
import { hashToken } from '../server/auth/sessions';
import { limits } from '../server/auth/rate-limit';
import { signInAs, startTestServer, useTestServer } from '../testing/test-server';

const server = useTestServer();
const PASSWORD = 'correct horse battery';
let employee: { id: string; email: string };

beforeAll(async () => {
  const passwordHash = await hashPassword(PASSWORD);
  const [row] = await server.db
    .insert(users)
    .values({
      email: 'Maya@Example.com',
      firstName: 'Maya',
      lastName: 'Okafor',
      role: 'employee',
      passwordHash,
      permissions: ['dashboard.view'],
    })
    .returning({ id: users.id, email: users.email });
  employee = row!;
  await server.db.insert(users).values([
    { email: 'boss@example.com', firstName: 'Avery', lastName: 'Stone', role: 'admin', passwordHash },
    { email: 'shopper@example.com', firstName: 'Sam', role: 'customer', passwordHash },
    { email: 'former@example.com', firstName: 'Fred', role: 'employee', passwordHash, isActive: false },
  ]);
});
beforeEach(async () => {
  await server.db.delete(rateLimits);
});

const sidOf = (res: { headers: Headers }) => res.headers.getSetCookie().find((c) => c.startsWith('sid='));
const cookieOf = (res: { headers: Headers }) => sidOf(res)!.split(';')[0]!;

// Sent exactly as the web client sends it (docs/sign-in.md): JSON body with JSON content type.
describe('POST /api/employee/login', () => {
  it('signs an employee in: 200 {user} and a session cookie (HttpOnly, SameSite=Lax, Path=/)', async () => {
    const res = await server.request('POST', '/api/employee/login', {
      body: { email: 'maya@example.com', password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: {
        id: employee.id,
        firstName: 'Maya',
        lastName: 'Okafor',
        email: 'Maya@Example.com',
        role: 'employee',
        profileImageUrl: null,
        isActive: true,
        // No language chosen: pages follow the browser, then the business.
        locale: null,
        permissions: ['dashboard.view'],
      },
    });
    const cookie = sidOf(res)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Expires=/);
    expect(cookie).not.toMatch(/Secure/i);
    expect(cookie.split(';')[0]!.length).toBeGreaterThanOrEqual('sid='.length + 43);
    const me = await server.request('GET', '/api/auth/user', { cookie: cookieOf(res) });
    expect(me.body.id).toBe(employee.id);
    expect(res.text).not.toMatch(/password/i);
  });

  it('lets an admin in through the same door', async () => {
    const res = await server.request('POST', '/api/employee/login', {
      body: { email: 'boss@example.com', password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('admin');
  });

  it('issues a new token at every sign-in and ends the one the browser had', async () => {
    const first = await server.request('POST', '/api/employee/login', {
      body: { email: employee.email, password: PASSWORD },
    });
    const second = await server.request('POST', '/api/employee/login', {
      cookie: cookieOf(first),
      body: { email: employee.email, password: PASSWORD },
    });
    expect(cookieOf(second)).not.toBe(cookieOf(first));
    expect((await server.request('GET', '/api/auth/user', { cookie: cookieOf(first) })).status).toBe(401);
    expect((await server.request('GET', '/api/auth/user', { cookie: cookieOf(second) })).status).toBe(200);
  });

  it('marks the cookie Secure when the app is served over https', async () => {
    const secure = await startTestServer({ env: { PUBLIC_URL: 'https://shop.example.com' } });
    try {
      await secure.db
        .insert(users)
        .values({ email: 'e@example.com', role: 'employee', passwordHash: await hashPassword(PASSWORD) });
      const res = await secure.request('POST', '/api/employee/login', {
        body: { email: 'e@example.com', password: PASSWORD },
        headers: { origin: 'https://shop.example.com' },
      });
      expect(res.status).toBe(200);
      expect(sidOf(res)).toMatch(/Secure/i);
    } finally {
      await secure.close();
    }
  });

  it.each([
    ['an unknown e-mail', 'nobody@example.com', PASSWORD],
    ['a wrong password', 'maya@example.com', 'wrong password!!'],
    ['a customer account', 'shopper@example.com', PASSWORD],
  ])('answers %s with the same 401 and no cookie', async (_what, email, password) => {
    const res = await server.request('POST', '/api/employee/login', { body: { email, password } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Invalid email or password', code: 'UNAUTHORIZED' });
    expect(sidOf(res)).toBeUndefined();
  });

  it('refuses a deactivated account with 403, but only to someone who knows its password', async () => {
    const right = await server.request('POST', '/api/employee/login', {
      body: { email: 'former@example.com', password: PASSWORD },
    });
    expect(right.status).toBe(403);
    expect(right.body.message).toBe('This account has been deactivated. Please contact an administrator.');
    expect(sidOf(right)).toBeUndefined();
    const wrong = await server.request('POST', '/api/employee/login', {
      body: { email: 'former@example.com', password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
  });

  it('validates with the messages of docs/sign-in.md', async () => {
    const res = await server.request('POST', '/api/employee/login', { body: { email: 'not-an-email', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid email address; Password is required');
    expect(res.body.issues).toEqual([
      { path: 'email', message: 'Invalid email address' },
      { path: 'password', message: 'Password is required' },
    ]);
  });

  it('stores passwords as argon2id with m=19456, t=2, p=1', async () => {
    const [row] = await server.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, employee.id));
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('rate limits on sign-in', () => {
  it('per account: the 11th attempt on one e-mail in 15 minutes is 429 with Retry-After, counted across /api/* and /api/trpc', async () => {
    for (let i = 0; i < limits.loginPerAccount.limit; i++) {
      const path = i % 2 ? '/api/employee/login' : '/api/trpc/employee.login';
      const res = await server.request('POST', path, {
        body: { email: 'maya@example.com', password: 'wrong password!!' },
      });
      expect(res.status).toBe(401);
    }
    for (const path of ['/api/employee/login', '/api/trpc/employee.login']) {
      // Even the right password: the account is cooling down.
      const res = await server.request('POST', path, { body: { email: 'MAYA@example.com', password: PASSWORD } });
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
      expect(sidOf(res)).toBeUndefined();
    }
    const rest = await server.request('POST', '/api/employee/login', {
      body: { email: 'maya@example.com', password: PASSWORD },
    });
    expect(rest.body).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts. Please wait 15 minutes and try again.',
    });
    // Another account from the same address is still fine.
    expect(
      (await server.request('POST', '/api/employee/login', { body: { email: 'boss@example.com', password: PASSWORD } }))
        .status,
    ).toBe(200);
  });

  it('per account: only failures count, so someone who signs in often is never locked out by it', async () => {
    for (let i = 0; i < limits.loginPerAccount.limit + 5; i++) {
      const res = await server.request('POST', '/api/employee/login', {
        body: { email: 'maya@example.com', password: PASSWORD },
      });
      expect(res.status).toBe(200);
    }
    for (let i = 0; i < limits.loginPerAccount.limit; i++) {
      const res = await server.request('POST', '/api/employee/login', {
        body: { email: 'maya@example.com', password: 'wrong password!!' },
      });
      expect(res.status).toBe(401);
    }
    const res = await server.request('POST', '/api/employee/login', {
      body: { email: 'maya@example.com', password: PASSWORD },
    });
    expect(res.status).toBe(429);
  });

  it('per address: the 31st attempt from one IP is 429 whatever the e-mail', async () => {
    for (let i = 0; i < limits.loginPerIp.limit; i++) {
      const res = await server.request('POST', '/api/employee/login', {
        body: { email: `guess${i}@example.com`, password: 'x' },
      });
      expect(res.status).toBe(401);
    }
    const res = await server.request('POST', '/api/trpc/employee.login', {
      body: { email: 'boss@example.com', password: PASSWORD },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('opens again when the window has passed', async () => {
    for (let i = 0; i <= limits.loginPerAccount.limit; i++) {
      await server.request('POST', '/api/employee/login', { body: { email: 'boss@example.com', password: 'nope' } });
    }
    expect(
      (await server.request('POST', '/api/employee/login', { body: { email: 'boss@example.com', password: PASSWORD } }))
        .status,
    ).toBe(429);
    await server.db.update(rateLimits).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(
      (await server.request('POST', '/api/employee/login', { body: { email: 'boss@example.com', password: PASSWORD } }))
        .status,
    ).toBe(200);
  });
});

describe('POST /api/employee/logout and GET /api/employee/me', () => {
  it('logout with no body and no Content-Type: 200, session ended server-side, cookie cleared', async () => {
    const login = await server.request('POST', '/api/employee/login', {
      body: { email: employee.email, password: PASSWORD },
    });
    const cookie = cookieOf(login);
    expect((await server.request('GET', '/api/employee/me', { cookie })).status).toBe(200);
    const res = await server.request('POST', '/api/employee/logout', { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(sidOf(res)).toMatch(/^sid=;/);
    expect((await server.request('GET', '/api/employee/me', { cookie })).status).toBe(401);
    expect((await server.request('GET', '/api/auth/user', { cookie })).status).toBe(401);
  });

  it('logout when signed out is fine', async () => {
    expect((await server.request('POST', '/api/employee/logout')).status).toBe(200);
  });

  it('me: the employee for staff, 401 signed out, 403 for a customer', async () => {
    const login = await server.request('POST', '/api/employee/login', {
      body: { email: employee.email, password: PASSWORD },
    });
    const me = await server.request('GET', '/api/employee/me', { cookie: cookieOf(login) });
    expect(me.body).toMatchObject({
      id: employee.id,
      firstName: 'Maya',
      lastName: 'Okafor',
      role: 'employee',
      isActive: true,
    });
    expect(me.body.passwordHash).toBeUndefined();
    expect((await server.request('GET', '/api/employee/me')).status).toBe(401);
    const { cookie } = await signInAs(server.database, 'customer');
    expect((await server.request('GET', '/api/employee/me', { cookie })).status).toBe(403);
  });
});

describe('session lifetime', () => {
  async function freshSession() {
    const res = await server.request('POST', '/api/employee/login', {
      body: { email: 'boss@example.com', password: PASSWORD },
    });
    const cookie = cookieOf(res);
    return { cookie, token: cookie.slice('sid='.length) };
  }

  it('ends after a week without use (idle expiry)', async () => {
    const { cookie, token } = await freshSession();
    await server.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await server.request('GET', '/api/auth/user', { cookie })).status).toBe(401);
  });

  it('ends at its absolute expiry however active it is', async () => {
    const { cookie, token } = await freshSession();
    await server.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await server.request('GET', '/api/auth/user', { cookie })).status).toBe(401);
  });

  it('use keeps an idle session alive (last seen is refreshed)', async () => {
    const { cookie, token } = await freshSession();
    const old = new Date(Date.now() - 6 * 86_400_000);
    await server.db
      .update(sessions)
      .set({ lastSeenAt: old })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await server.request('GET', '/api/auth/user', { cookie })).status).toBe(200);
    const [row] = await server.db
      .select({ lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('deactivation', () => {
  it('ends every session of the account at once', async () => {
    const [row] = await server.db
      .insert(users)
      .values({
        email: 'leaving@example.com',
        firstName: 'Lee',
        role: 'employee',
        passwordHash: await hashPassword(PASSWORD),
      })
      .returning({ id: users.id });
    const a = cookieOf(
      await server.request('POST', '/api/employee/login', {
        body: { email: 'leaving@example.com', password: PASSWORD },
      }),
    );
    const b = cookieOf(
      await server.request('POST', '/api/employee/login', {
        body: { email: 'leaving@example.com', password: PASSWORD },
      }),
    );
    await setAccountActive(server.db, row!.id, false);
    for (const cookie of [a, b]) expect((await server.request('GET', '/api/auth/user', { cookie })).status).toBe(401);
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, row!.id))).toHaveLength(0);
  });
});
