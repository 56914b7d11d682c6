import { describe, expect, it } from 'vitest';
import { signInAs, useTestServer } from '../server/testing';

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
