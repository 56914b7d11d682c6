import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../db/client';
import { apiKeys, auditLog, rateLimits, users } from '../../db/schema/index';
import { buildApp } from '../server/app';
import { signInAs, startTestServer, testEnv, useTestServer, type TestServer } from '../testing/test-server';

// API keys over REST, as an admin manages them and as a program then uses them (docs/integrations.md).
const server = useTestServer();
let admin: Awaited<ReturnType<typeof signInAs>>;

beforeAll(async () => {
  admin = await signInAs(server.database, 'admin', { firstName: 'Avery', lastName: 'Stone' });
});

async function createKey(body: Record<string, unknown>, cookie = admin.cookie) {
  const res = await server.request('POST', '/api/admin/api-keys', { cookie, body });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string; key: string; prefix: string; name: string };
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const invalidKey = { message: 'Invalid or revoked API key.', code: 'UNAUTHORIZED' };

describe('managing API keys', () => {
  it('creates a key: the answer carries the key once, starting with its prefix, stored only as a hash', async () => {
    const res = await server.request('POST', '/api/admin/api-keys', {
      cookie: admin.cookie,
      body: { name: '  Accounting  ', permissions: ['orders.view', 'products.view', 'orders.view'] },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Accounting',
      prefix: expect.stringMatching(/^sfk_[0-9a-f]{12}$/),
      permissions: ['orders.view', 'products.view'],
      createdAt: expect.any(String),
      expiresAt: null,
      lastUsedAt: null,
      createdBy: { id: admin.user.id, firstName: 'Avery', lastName: 'Stone' },
      key: expect.any(String),
    });
    const { key, prefix, id } = res.body;
    expect(key.startsWith(prefix)).toBe(true);
    expect(key.length - prefix.length).toBeGreaterThanOrEqual(32);
    const [row] = await server.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row!.secretHash).not.toContain(key);
    expect(JSON.stringify(row)).not.toContain(key.slice(prefix.length + 1));

    const list = await server.request('GET', '/api/admin/api-keys', { cookie: admin.cookie });
    expect(list.status).toBe(200);
    const listed = list.body.find((k: { id: string }) => k.id === id);
    const { key: _key, ...withoutKey } = res.body;
    expect(listed).toEqual(withoutKey);
    expect(list.text).not.toContain(key);
    expect(list.text).not.toContain(row!.secretHash);

    const [audit] = await server.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toMatchObject({ action: 'api_key.created', actorId: admin.user.id });
  });

  it('keeps an expiry and refuses one in the past', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const created = await createKey({ name: 'Tablet', permissions: [], expiresAt });
    expect((created as unknown as { expiresAt: string }).expiresAt).toBe(expiresAt);
    const past = await server.request('POST', '/api/admin/api-keys', {
      cookie: admin.cookie,
      body: { name: 'Old', permissions: [], expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('The expiry must be in the future.');
  });

  it('refuses an empty name or an unknown permission with 400 and creates nothing', async () => {
    const before = (await server.request('GET', '/api/admin/api-keys', { cookie: admin.cookie })).body.length;
    for (const body of [{ name: '   ', permissions: [] }, { permissions: [] }]) {
      const res = await server.request('POST', '/api/admin/api-keys', { cookie: admin.cookie, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('API key name is required.');
    }
    const unknown = await server.request('POST', '/api/admin/api-keys', {
      cookie: admin.cookie,
      body: { name: 'X', permissions: ['orders.fly'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown permission');
    expect((await server.request('GET', '/api/admin/api-keys', { cookie: admin.cookie })).body).toHaveLength(before);
  });

  it('is for admins only: 401 signed out, 403 for staff and customers', async () => {
    const employee = await signInAs(server.database, 'employee', { permissions: ['orders.view'] });
    const customer = await signInAs(server.database, 'customer');
    const body = { name: 'Mine', permissions: ['orders.view'] };
    expect((await server.request('POST', '/api/admin/api-keys', { body })).status).toBe(401);
    for (const { cookie } of [employee, customer]) {
      expect((await server.request('POST', '/api/admin/api-keys', { cookie, body })).status).toBe(403);
      expect((await server.request('GET', '/api/admin/api-keys', { cookie })).status).toBe(403);
    }
  });

  it('revokes a key: gone from the list, refused at once, a second revoke is 404', async () => {
    const { id, key } = await createKey({ name: 'Short-lived', permissions: ['orders.view'] });
    expect((await server.request('GET', '/api/orders', { headers: bearer(key) })).status).toBe(200);
    const res = await server.request('DELETE', `/api/admin/api-keys/${id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id });
    const list = await server.request('GET', '/api/admin/api-keys', { cookie: admin.cookie });
    expect(list.body.map((k: { id: string }) => k.id)).not.toContain(id);
    const refused = await server.request('GET', '/api/orders', { headers: bearer(key) });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(invalidKey);
    expect((await server.request('DELETE', `/api/admin/api-keys/${id}`, { cookie: admin.cookie })).status).toBe(404);
  });
});

describe('calling the API with a key', () => {
  it("acts as its creator with the key's permissions only, never as an admin", async () => {
    const { key } = await createKey({ name: 'Reader', permissions: ['orders.view', 'products.view'] });
    // A program has no profile of its own, and not its creator's either.
    const me = await server.request('GET', '/api/auth/user', { headers: bearer(key) });
    expect(me.status).toBe(403);
    expect(me.body).toEqual({ code: 'FORBIDDEN', message: "An API key can't act as a customer." });
    expect((await server.request('GET', '/api/orders', { headers: bearer(key) })).status).toBe(200);
    const write = await server.request('POST', '/api/products', {
      headers: bearer(key),
      body: { name: 'Candle', price: '10.00' },
    });
    expect(write.status).toBe(403);
    // Admin-only operations need the admin in person.
    expect((await server.request('GET', '/api/admin/api-keys', { headers: bearer(key) })).status).toBe(403);
    expect((await server.request('GET', '/api/admin/audit-log', { headers: bearer(key) })).status).toBe(403);
  });

  it('follows its creator: demoted, the key keeps only what both hold; deactivated, it is refused', async () => {
    const creator = await signInAs(server.database, 'admin');
    const { key } = await createKey(
      { name: 'Follows', permissions: ['orders.view', 'products.create'] },
      creator.cookie,
    );
    const created = await server.request('POST', '/api/products', {
      headers: bearer(key),
      body: { name: 'Follows', price: '1.00' },
    });
    expect(created.status, created.text).toBe(200);
    await server.db
      .update(users)
      .set({ role: 'employee', permissions: ['orders.view', 'customers.view'] })
      .where(eq(users.id, creator.user.id));
    expect((await server.request('GET', '/api/orders', { headers: bearer(key) })).status).toBe(200);
    const write = await server.request('POST', '/api/products', {
      headers: bearer(key),
      body: { name: 'X', price: '1' },
    });
    expect(write.status).toBe(403);
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, creator.user.id));
    const refused = await server.request('GET', '/api/orders', { headers: bearer(key) });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(invalidKey);
  });

  it('refuses a bad, revoked or expired key with 401 and WWW-Authenticate, even beside a good cookie', async () => {
    const expired = await createKey({ name: 'Expired', permissions: ['orders.view'] });
    await server.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expired.id));
    for (const key of ['sfk_000000000000_nope', expired.key, '']) {
      for (const path of ['/api/auth/user', '/api/products', '/api/orders']) {
        const res = await server.request('GET', path, { headers: bearer(key), cookie: admin.cookie });
        expect(res.status, `${path} ${key}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        expect(res.body).toEqual(invalidKey);
      }
    }
    const write = await server.request('POST', '/api/admin/roles', {
      headers: bearer('sfk_000000000000_nope'),
      cookie: admin.cookie,
      body: { name: 'sneaky', displayName: 'Sneaky', permissions: [] },
    });
    expect(write.status).toBe(401);
    const roles = await server.request('GET', '/api/admin/roles', { cookie: admin.cookie });
    expect(roles.body.map((r: { name: string }) => r.name)).not.toContain('sneaky');
  });

  it('skips the Origin check for bearer writes, which carry no ambient credentials', async () => {
    const { key } = await createKey({ name: 'Front desk', permissions: ['roles.create'] });
    const headers = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' };
    const keyed = await server.request('POST', '/api/admin/roles', {
      headers: { ...headers, ...bearer(key) },
      body: { name: 'desk', displayName: 'Desk', permissions: [] },
    });
    expect(keyed.status, keyed.text).toBe(200);
    const cookied = await server.request('POST', '/api/admin/roles', {
      headers,
      cookie: admin.cookie,
      body: { name: 'desk2', displayName: 'Desk 2', permissions: [] },
    });
    expect(cookied.status).toBe(403);
  });

  it('writes made with a key are audited as the creator "via API key <name>"', async () => {
    const { key } = await createKey({ name: 'HR sync', permissions: ['roles.create'] });
    const res = await server.request('POST', '/api/admin/roles', {
      headers: bearer(key),
      body: { name: 'night_shift', displayName: 'Night shift', permissions: [] },
    });
    expect(res.status, res.text).toBe(200);
    const [entry] = await server.db.select().from(auditLog).where(eq(auditLog.entityId, res.body.id));
    expect(entry!.actorId).toBe(admin.user.id);
    expect(entry!.summary).toBe('Created role Night shift (night_shift) with permissions: none (via API key HR sync)');
    const log = await server.request('GET', '/api/admin/audit-log', {
      cookie: admin.cookie,
      headers: { 'accept-language': 'es' },
    });
    expect(log.body.items.find((item: { entityId: string }) => item.entityId === res.body.id).summary).toBe(
      'Creó el rol Night shift (night_shift) con los permisos: ninguno (con la clave de API HR sync)',
    );
    // Nor may a key give permissions it lacks.
    const wider = await server.request('POST', '/api/admin/roles', {
      headers: bearer(key),
      body: { name: 'wider', displayName: 'Wider', permissions: ['orders.refund'] },
    });
    expect(wider.status).toBe(403);
  });

  it("a keyed integrator's catalogue writes are audited too: products and services, created, changed, deleted", async () => {
    const { key } = await createKey({
      name: 'Shop sync',
      permissions: [
        'products.create',
        'products.edit',
        'products.delete',
        'services.create',
        'services.edit',
        'services.delete',
      ],
    });
    const product = await server.request('POST', '/api/products', {
      headers: bearer(key),
      body: { name: 'Cedar soap', price: '8.00' },
    });
    expect(product.status, product.text).toBe(200);
    const productPath = `/api/products/${product.body.id}`;
    expect((await server.request('PUT', productPath, { headers: bearer(key), body: { price: '9.00' } })).status).toBe(
      200,
    );
    expect((await server.request('DELETE', productPath, { headers: bearer(key) })).status).toBe(200);
    const service = await server.request('POST', '/api/services', {
      headers: bearer(key),
      body: { name: 'Scalp ritual', price: '40.00', duration: 45 },
    });
    expect(service.status, service.text).toBe(200);
    const servicePath = `/api/services/${service.body.id}`;
    expect((await server.request('PUT', servicePath, { headers: bearer(key), body: { duration: 60 } })).status).toBe(
      200,
    );
    expect((await server.request('DELETE', servicePath, { headers: bearer(key) })).status).toBe(200);

    const entries = await server.db
      .select({ action: auditLog.action, summary: auditLog.summary, actorId: auditLog.actorId })
      .from(auditLog)
      .where(inArray(auditLog.entityId, [product.body.id, service.body.id]))
      .orderBy(auditLog.createdAt);
    expect(entries.map(({ action, summary }) => [action, summary])).toEqual([
      ['product.created', 'Created product Cedar soap. (via API key Shop sync)'],
      ['product.updated', 'Changed product Cedar soap. (via API key Shop sync)'],
      ['product.deleted', 'Deleted product Cedar soap. (via API key Shop sync)'],
      ['service.created', 'Created service Scalp ritual. (via API key Shop sync)'],
      ['service.updated', 'Changed service Scalp ritual. (via API key Shop sync)'],
      ['service.deleted', 'Deleted service Scalp ritual. (via API key Shop sync)'],
    ]);
    expect(entries.every((e) => e.actorId === admin.user.id)).toBe(true);
  });

  it('records when a key was last used', async () => {
    const { id, key } = await createKey({ name: 'Used', permissions: [] });
    const before = Date.now();
    await server.request('GET', '/api/auth/user', { headers: bearer(key) });
    const list = await server.request('GET', '/api/admin/api-keys', { cookie: admin.cookie });
    const lastUsedAt = list.body.find((k: { id: string }) => k.id === id).lastUsedAt;
    expect(Date.parse(lastUsedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('declares the bearer scheme beside the cookie in the OpenAPI document', async () => {
    const doc = (await server.request('GET', '/api/openapi.json')).body;
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/orders'].get.security).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
  });
});

/**
 * A test server and a second app instance on the same database (on PostgreSQL with its own connection pool),
 * both with the given per-key limit.
 */
function useTwoInstances(limit: string) {
  const instances = {} as { server: TestServer; other: Awaited<ReturnType<typeof buildApp>> };
  let otherDatabase: Database;
  beforeAll(async () => {
    instances.server = await startTestServer({ env: { API_KEY_RATE_LIMIT: limit } });
    const { database } = instances.server;
    otherDatabase = database.url ? await createDb({ url: database.url }) : database;
    instances.other = await buildApp({ database: otherDatabase, env: testEnv({ API_KEY_RATE_LIMIT: limit }) });
    await instances.other.ready();
  });
  afterAll(async () => {
    await instances.other.close();
    if (otherDatabase !== instances.server.database) await otherDatabase.close();
    await instances.server.close();
  });
  return instances;
}

describe('rate limits of keys', () => {
  const instances = useTwoInstances('3');

  it('counts a key once across all instances', async () => {
    const owner = await signInAs(instances.server.database, 'admin');
    const created = await instances.server.request('POST', '/api/admin/api-keys', {
      cookie: owner.cookie,
      body: { name: 'Shared', permissions: ['orders.view'] },
    });
    const headers = bearer(created.body.key);
    expect((await instances.server.request('GET', '/api/orders', { headers })).headers.get('ratelimit-remaining')).toBe(
      '2',
    );
    const onOther = await instances.other.inject({ method: 'GET', url: '/api/orders', headers });
    expect(onOther.statusCode).toBe(200);
    expect(onOther.headers['ratelimit-remaining']).toBe('1');
    expect((await instances.server.request('GET', '/api/orders', { headers })).headers.get('ratelimit-remaining')).toBe(
      '0',
    );
    const over = await instances.other.inject({ method: 'GET', url: '/api/orders', headers });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('carries RateLimit headers on keyed answers and answers 429 with Retry-After over the limit', async () => {
    const owner = await signInAs(instances.server.database, 'admin');
    const created = await instances.server.request('POST', '/api/admin/api-keys', {
      cookie: owner.cookie,
      body: { name: 'Busy', permissions: ['orders.view'] },
    });
    const headers = bearer(created.body.key);
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await instances.server.request('GET', '/api/orders', { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('3');
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
      expect(Number(res.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
      remaining.push(res.headers.get('ratelimit-remaining')!);
      // The current draft's fields say the same: the policy (3 a 60-second window) and what is left until when.
      expect(res.headers.get('ratelimit-policy')).toBe('"key";q=3;w=60');
      expect(res.headers.get('ratelimit')).toBe(
        `"key";r=${res.headers.get('ratelimit-remaining')};t=${res.headers.get('ratelimit-reset')}`,
      );
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const over = await instances.server.request('GET', '/api/orders', { headers });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.headers.get('ratelimit-remaining')).toBe('0');
    expect(over.headers.get('ratelimit')).toMatch(/^"key";r=0;t=\d+$/);
    // Cookie requests are not counted against keys.
    expect(
      (await instances.server.request('GET', '/api/orders', { cookie: owner.cookie })).headers.get('ratelimit-limit'),
    ).toBe(null);
  });
});

describe('rate limits of keys at higher limits', () => {
  // Each instance claims a twentieth of the limit from the shared counter at a time (5 of 100 here) and spends it
  // without a write; the limit still holds across instances.
  const instances = useTwoInstances('100');

  async function keyOf(name: string) {
    const owner = await signInAs(instances.server.database, 'admin');
    const res = await instances.server.request('POST', '/api/admin/api-keys', {
      cookie: owner.cookie,
      body: { name, permissions: ['products.view'] },
    });
    return res.body as { id: string; key: string };
  }
  const counted = async (keyId: string) =>
    (
      await instances.server.database.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `api-key:${keyId}`))
    )[0]?.hits;

  it('claims one share at a time for concurrent requests on one instance', async () => {
    const { id, key } = await keyOf('Concurrent');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        instances.other.inject({ method: 'GET', url: '/api/products', headers: bearer(key) }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(200));
    expect(await counted(id)).toBe(40);
    expect(new Set(answers.map((answer) => answer.headers['ratelimit-remaining'])).size).toBe(40);
  });

  it('never lets two instances together exceed the limit', async () => {
    const { key } = await keyOf('Two instances');
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) {
      const [here, there] = await Promise.all([
        instances.server.request('GET', '/api/products', { headers: bearer(key) }),
        instances.other.inject({ method: 'GET', url: '/api/products', headers: bearer(key) }),
      ]);
      statuses.push(here.status, there.statusCode);
    }
    const served = statuses.filter((status) => status === 200).length;
    expect(served).toBeLessThanOrEqual(100);
    // At most one share (5) per instance is left unspent when the other instance is refused.
    expect(served).toBeGreaterThanOrEqual(90);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
  });
});
