import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, products } from '../../../db/schema/index';
import { requestFingerprint } from '../integrations/idempotency';
import { signInAs, useTestServer } from '../../testing/test-server';

// Idempotency-Key on POSTs under /api, over HTTP as an integrator retries (docs/integrations.md).
const server = useTestServer();
let admin: Awaited<ReturnType<typeof signInAs>>;
let other: Awaited<ReturnType<typeof signInAs>>;

beforeAll(async () => {
  admin = await signInAs(server.database, 'admin');
  other = await signInAs(server.database, 'admin');
});

const productsNamed = async (name: string) =>
  (await server.db.select({ n: count() }).from(products).where(eq(products.name, name)))[0]!.n;

function createProduct(name: string, key: string, cookie = admin.cookie, extra: Record<string, string> = {}) {
  return server.request('POST', '/api/products', {
    cookie,
    headers: { 'idempotency-key': key, ...extra },
    body: { name, price: '12.50' },
  });
}

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, with Idempotent-Replayed, and does nothing again', async () => {
    const first = await createProduct('Replay candle', 'order-7f3a');
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBe(null);
    const again = await createProduct('Replay candle', 'order-7f3a');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.body).toEqual(first.body);
    expect(await productsNamed('Replay candle')).toBe(1);
  });

  it('refuses the same key with another body with 422 and changes nothing', async () => {
    expect((await createProduct('First soap', 'soap-1')).status).toBe(200);
    const res = await createProduct('Second soap', 'soap-1');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'This Idempotency-Key was used with a different request.',
      code: 'UNPROCESSABLE_CONTENT',
    });
    expect(await productsNamed('Second soap')).toBe(0);
  });

  it('scopes keys per caller: another user, or a key of the same user, runs its own request', async () => {
    expect((await createProduct('Shared key lamp', 'same-key')).status).toBe(200);
    const elsewhere = await createProduct('Shared key lamp', 'same-key', other.cookie);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get('idempotent-replayed')).toBe(null);
    const created = await server.request('POST', '/api/admin/api-keys', {
      cookie: admin.cookie,
      body: { name: 'Retry tester', permissions: ['products.create'] },
    });
    const keyed = { authorization: `Bearer ${created.body.key}` };
    const viaKey = await createProduct('Shared key lamp', 'same-key', undefined, keyed);
    expect(viaKey.status, viaKey.text).toBe(200);
    expect(viaKey.headers.get('idempotent-replayed')).toBe(null);
    const viaKeyAgain = await createProduct('Shared key lamp', 'same-key', undefined, keyed);
    expect(viaKeyAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(viaKeyAgain.body.id).toBe(viaKey.body.id);
    expect(await productsNamed('Shared key lamp')).toBe(3);
  });

  it('keeps 4xx answers too: a repeat of a refused request is refused the same way', async () => {
    const body = { name: 'No price' };
    const headers = { 'idempotency-key': 'bad-body' };
    const first = await server.request('POST', '/api/products', { cookie: admin.cookie, headers, body });
    expect(first.status).toBe(400);
    const again = await server.request('POST', '/api/products', { cookie: admin.cookie, headers, body });
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const body = { name: 'Slow vase', price: '12.50' };
    await server.db.insert(idempotencyKeys).values({
      caller: `user:${admin.user.id}`,
      key: 'in-flight',
      requestHash: requestFingerprint('POST', '/api/products', body),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await createProduct('Slow vase', 'in-flight');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'A request with this Idempotency-Key is still in progress. Please try again in a moment.',
    );
    expect(await productsNamed('Slow vase')).toBe(0);
  });

  it('frees a claim whose lease ran out (its instance died) at once, without waiting minutes', async () => {
    const body = { name: 'Orphan cup', price: '12.50' };
    await server.db.insert(idempotencyKeys).values({
      caller: `user:${admin.user.id}`,
      key: 'dead-instance',
      requestHash: requestFingerprint('POST', '/api/products', body),
      createdAt: new Date(Date.now() - 15_000),
      expiresAt: new Date(Date.now() - 5_000),
    });
    const res = await createProduct('Orphan cup', 'dead-instance');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBe(null);
    expect(await productsNamed('Orphan cup')).toBe(1);
  });

  it('never keeps nor shows again an API key: a repeat is refused with a sentence, and no row holds the key', async () => {
    const headers = { 'idempotency-key': 'make-key-once' };
    const body = { name: 'Once only', permissions: ['products.view'] };
    const first = await server.request('POST', '/api/admin/api-keys', { cookie: admin.cookie, headers, body });
    expect(first.status, first.text).toBe(200);
    const { key } = first.body as { key: string };
    expect(key).toMatch(/^sfk_/);
    const again = await server.request('POST', '/api/admin/api-keys', { cookie: admin.cookie, headers, body });
    expect(again.status).toBe(409);
    expect(again.text).not.toContain(key);
    expect(again.body.message).toBe(
      'This request was already done with this Idempotency-Key, and its answer held a secret that is shown only once, so it was not kept. Revoke what the first request made if you did not get its answer, and make a new one with a new key.',
    );
    const spanish = await server.request('POST', '/api/admin/api-keys', {
      cookie: admin.cookie,
      headers: { ...headers, 'accept-language': 'es' },
      body,
    });
    expect(spanish.body.message).toMatch(/^Esta solicitud ya se hizo con esta Idempotency-Key/);
    const listed = await server.request('GET', '/api/admin/api-keys', { cookie: admin.cookie });
    expect(listed.body.filter((k: { name: string }) => k.name === 'Once only')).toHaveLength(1);
    const rows = await server.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'make-key-once'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.responseStatus).toBe(200);
    expect(rows[0]!.responseBody).toBe(null);
    expect(JSON.stringify(await server.db.select().from(idempotencyKeys))).not.toContain(key);
  });

  it('keeps the refusals of an operation whose success holds a secret: they hold none', async () => {
    const headers = { 'idempotency-key': 'refused-key' };
    const body = { name: 'Too much', permissions: ['no.such.permission'] };
    const first = await server.request('POST', '/api/admin/api-keys', { cookie: admin.cookie, headers, body });
    expect(first.status).toBe(400);
    const again = await server.request('POST', '/api/admin/api-keys', { cookie: admin.cookie, headers, body });
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('does not keep 5xx answers: the retry runs again', async () => {
    // A server failure for this one request: the products table is briefly missing.
    await server.db.execute('alter table products rename to products_away');
    const failed = await createProduct('Phoenix mug', 'after-outage');
    await server.db.execute('alter table products_away rename to products');
    expect(failed.status).toBe(500);
    const retried = await createProduct('Phoenix mug', 'after-outage');
    expect(retried.status, retried.text).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe(null);
    expect(await productsNamed('Phoenix mug')).toBe(1);
  });

  it('refuses a key that is empty, longer than 255 or not printable with 400, and creates nothing', async () => {
    for (const key of ['', 'k'.repeat(256), 'caf\u00e9']) {
      const res = await createProduct('Bad key bowl', key);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(res.body.message).toBe('The Idempotency-Key header must be 1-255 printable characters.');
    }
    expect((await createProduct('Bad key bowl', 'k'.repeat(255))).status).toBe(200);
    expect(await productsNamed('Bad key bowl')).toBe(1);
    // A visitor's requests are not keyed, so their header is not looked at.
    const visitor = await server.request('POST', '/api/employee/login', {
      headers: { 'idempotency-key': '' },
      body: { email: 'nobody@example.com', password: 'not-the-password' },
    });
    expect(visitor.status).toBe(401);
  });

  it('keys are kept 24 hours: an expired key runs its request afresh', async () => {
    expect((await createProduct('Yesterday tray', 'daily')).status).toBe(200);
    await server.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.key, 'daily'));
    const res = await createProduct('Yesterday tray', 'daily');
    expect(res.headers.get('idempotent-replayed')).toBe(null);
    expect(await productsNamed('Yesterday tray')).toBe(2);
    const [row] = await server.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'daily'));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 3600 * 1000);
  });

  it('is documented on every POST of the OpenAPI document, with 409 and 422', async () => {
    const doc = (await server.request('GET', '/api/openapi.json')).body;
    const posts = Object.values(doc.paths as Record<string, { post?: Record<string, any> }>) // eslint-disable-line @typescript-eslint/no-explicit-any
      .map((item) => item.post)
      .filter((op) => op !== undefined);
    expect(posts.length).toBeGreaterThan(10);
    for (const post of posts) {
      expect(post.parameters.map((p: { name: string }) => p.name)).toContain('Idempotency-Key');
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['409', '422']));
    }
  });
});
