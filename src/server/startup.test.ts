import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import * as s from '../../db/schema/index';
import { createTestDatabase, testEnv } from '../testing/test-server';
import { firstAdminHint, loggerOptions, prepareDatabase } from './startup';

// One new database per start-up story, made in hooks: migrating takes a while on a busy machine.
let production: Database;
let development: Database;
beforeAll(async () => {
  production = await createTestDatabase();
  development = await createTestDatabase();
});
afterAll(async () => {
  await production?.close();
  await development?.close();
});

const rows = async (db: Database['db']) => ({
  users: (await db.select({ n: count() }).from(s.users))[0]!.n,
  products: (await db.select({ n: count() }).from(s.products))[0]!.n,
  services: (await db.select({ n: count() }).from(s.services))[0]!.n,
  appointments: (await db.select({ n: count() }).from(s.appointments))[0]!.n,
  orders: (await db.select({ n: count() }).from(s.orders))[0]!.n,
  settings: (await db.select({ n: count() }).from(s.businessSettings))[0]!.n,
});

describe('start-up', () => {
  it('in production creates no demo data and no account, however often it starts', async () => {
    const env = testEnv({ NODE_ENV: 'production', SESSION_SECRET: 'a production secret' });
    expect(await prepareDatabase(production, env)).toEqual({ seeded: false, demo: false, admins: 0 });
    expect(await prepareDatabase(production, env)).toEqual({ seeded: false, demo: false, admins: 0 });
    expect(await rows(production.db)).toEqual({
      users: 0,
      products: 0,
      services: 0,
      appointments: 0,
      orders: 0,
      settings: 0,
    });
  });

  it('elsewhere fills an empty database with the demo business once', async () => {
    const env = testEnv({ NODE_ENV: 'development' });
    expect(await prepareDatabase(development, env)).toEqual({ seeded: true, demo: true, admins: 1 });
    const seeded = await rows(development.db);
    expect(seeded.products).toBeGreaterThan(0);
    expect(seeded.services).toBeGreaterThan(0);
    expect(await prepareDatabase(development, env)).toEqual({ seeded: false, demo: true, admins: 1 });
    expect(await rows(development.db)).toEqual(seeded);
  });

  it('tells the operator both ways to the first admin', () => {
    const none = firstAdminHint(testEnv());
    expect(none).toContain('set ADMIN_EMAILS=you@example.com');
    expect(none).toContain('npm run admin:invite -- you@example.com');
    expect(firstAdminHint(testEnv({ ADMIN_EMAILS: 'Boss@Example.com' }))).toContain(
      'boss@example.com becomes admin on signing in',
    );
  });
});

describe('server logs', () => {
  it('are JSON lines in production and when not on a terminal, readable lines on a development terminal', async () => {
    const production = await loggerOptions(
      testEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x', LOG_LEVEL: 'info' }),
      true,
    );
    expect(production).toMatchObject({ level: 'info' });
    expect(production).not.toHaveProperty('stream');
    expect(await loggerOptions(testEnv({ NODE_ENV: 'development', LOG_LEVEL: 'info' }), false)).not.toHaveProperty(
      'stream',
    );
    const pretty = await loggerOptions(testEnv({ NODE_ENV: 'development', LOG_LEVEL: 'debug' }), true);
    expect(pretty).toMatchObject({ level: 'debug' });
    expect(pretty).toHaveProperty('stream');
  });

  it("name a request by its path: the query string carries data (an e-mail, a tRPC query's input)", async () => {
    const { serializers } = await loggerOptions(testEnv({ LOG_LEVEL: 'info' }), false);
    const req = { method: 'GET', url: '/api/admin/customers?email=ana%40example.com', host: 'shop', ip: '10.0.0.9' };
    expect(serializers!.req!(req)).toEqual({
      method: 'GET',
      url: '/api/admin/customers',
      host: 'shop',
      remoteAddress: '10.0.0.9',
      remotePort: undefined,
    });
  });
});
