import { describe, expect, it } from 'vitest';
import { signInAs, useTestServer } from '../testing/test-server';

const server = useTestServer();

describe('the client sign-in check (auth.session)', () => {
  it('answers a visitor with no user and a 200, while GET /api/auth/user keeps its 401', async () => {
    const res = await server.request('GET', '/api/trpc/auth.session');
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual({ user: null });
    expect((await server.request('GET', '/api/auth/user')).status).toBe(401);
  });

  it('answers a signed-in person with the same user GET /api/auth/user returns', async () => {
    const { cookie } = await signInAs(server.database, 'customer', { email: 'session.check@example.com' });
    const res = await server.request('GET', '/api/trpc/auth.session', { cookie });
    expect(res.status).toBe(200);
    const rest = await server.request('GET', '/api/auth/user', { cookie });
    expect(res.body.result.data).toEqual({ user: rest.body });
    expect(rest.body.email).toBe('session.check@example.com');
  });
});

describe('PUT /api/auth/user/locale', () => {
  it("saves the person's language, which the session then answers, and null follows the browser again", async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    const res = await server.request('PUT', '/api/auth/user/locale', { cookie, body: { locale: 'es' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.locale).toBe('es');
    expect((await server.request('GET', '/api/auth/user', { cookie })).body.locale).toBe('es');
    const session = await server.request('GET', '/api/trpc/auth.session', { cookie });
    expect(session.body.result.data.user.locale).toBe('es');
    const cleared = await server.request('PUT', '/api/auth/user/locale', { cookie, body: { locale: null } });
    expect(cleared.body.locale).toBeNull();
    expect((await server.request('GET', '/api/auth/user', { cookie })).body.locale).toBeNull();
  });

  it('refuses a language the product does not speak with a 400, changing nothing', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    await server.request('PUT', '/api/auth/user/locale', { cookie, body: { locale: 'es' } });
    for (const body of [{ locale: 'fr' }, { locale: 'ES' }, {}, { locale: 1 }]) {
      const res = await server.request('PUT', '/api/auth/user/locale', { cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe('Language must be one of: en, es, or null');
    }
    expect((await server.request('GET', '/api/auth/user', { cookie })).body.locale).toBe('es');
  });

  it('refuses a visitor with 401', async () => {
    const res = await server.request('PUT', '/api/auth/user/locale', { body: { locale: 'es' } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });
});
