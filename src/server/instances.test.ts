import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { buildApp } from './app';
import { hashPassword } from './auth/passwords';
import { startTestServer, testEnv } from '../testing/test-server';

// App instances are stateless (README "Architecture"); sessions and settings live in PostgreSQL, so any instance
// answers for a session made on another. On PostgreSQL the second instance has its own connection pool.
describe('two app instances on one database', () => {
  let first: Awaited<ReturnType<typeof startTestServer>>;
  let secondDatabase: Database;
  let second: Awaited<ReturnType<typeof buildApp>>;
  const PASSWORD = 'correct horse battery staple';

  beforeAll(async () => {
    first = await startTestServer();
    secondDatabase = first.database.url ? await createDb({ url: first.database.url }) : first.database;
    second = await buildApp({ database: secondDatabase, env: testEnv() });
    await second.ready();
    await first.db.insert(users).values({
      email: 'owner@example.com',
      firstName: 'Olive',
      lastName: 'Owner',
      role: 'admin',
      passwordHash: await hashPassword(PASSWORD),
    });
  });
  afterAll(async () => {
    await second.close();
    if (secondDatabase !== first.database) await secondDatabase.close();
    await first.close();
  });

  it('honours a session made on the other instance, and its sign-out', async () => {
    const login = await first.request('POST', '/api/employee/login', {
      body: { email: 'owner@example.com', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))!
      .split(';')[0]!;

    const me = await second.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'owner@example.com', role: 'admin' });

    const logout = await second.inject({ method: 'POST', url: '/api/employee/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect((await first.request('GET', '/api/auth/user', { cookie })).status).toBe(401);
  });

  it('shows settings saved through one instance on the other', async () => {
    const admin = await first.request('POST', '/api/employee/login', {
      body: { email: 'owner@example.com', password: PASSWORD },
    });
    const cookie = admin.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))!
      .split(';')[0]!;
    expect((await second.inject({ method: 'GET', url: '/api/business/settings' })).json().businessName).toBe(
      'Your Business',
    );
    const saved = await first.request('PUT', '/api/business/settings', { cookie, body: { businessName: 'Two Doors' } });
    expect(saved.status).toBe(200);
    // The other instance hears of the save by NOTIFY at commit: within milliseconds, not necessarily at once.
    await expect
      .poll(async () => (await second.inject({ method: 'GET', url: '/api/business/settings' })).json().businessName, {
        timeout: 2000,
        interval: 10,
      })
      .toBe('Two Doors');
  });
});
