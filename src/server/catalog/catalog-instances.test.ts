import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../../db/client';
import { products } from '../../../db/schema/index';
import { buildApp } from '../app';
import { createTestDatabase, signInAs, testEnv } from '../../testing/test-server';

/*
 * Two app instances on one database, each with its own catalogue cache: a write through either is seen
 * through the other on the very next request. On PostgreSQL the second instance has its own connection
 * pool (as a second process would); on PGlite it is a second handle on the same embedded database.
 */

type Instance = { app: Awaited<ReturnType<typeof buildApp>>; baseUrl: string };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let second: Database;
let a: Instance;
let b: Instance;
let admin: string;

async function start(db: Database): Promise<Instance> {
  const app = await buildApp({ database: db, env: testEnv() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

async function call(instance: Instance, method: string, path: string, body?: unknown) {
  const res = await fetch(`${instance.baseUrl}${path}`, {
    method,
    headers: { cookie: admin, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

const publicList = async (instance: Instance, path = '/api/products') =>
  (await (await fetch(`${instance.baseUrl}${path}`)).json()) as { id: string; name: string; inventory: number }[];

beforeAll(async () => {
  database = await createTestDatabase();
  second = database.url ? await createDb({ url: database.url, maxConnections: 5 }) : { ...database };
  a = await start(database);
  b = await start(second);
  admin = (await signInAs(database, 'admin')).cookie;
});

afterAll(async () => {
  await a.app.close();
  await b.app.close();
  if (database.url) await second.close();
  await database.close();
});

describe('two app instances on one database', () => {
  it('see each other’s product writes on the very next request, both ways', async () => {
    const created = await call(a, 'POST', '/api/products', { name: 'Round 0', price: '1.00', inventory: 1 });
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    // Both caches are warm before every write, so a stale one would show.
    for (let round = 1; round <= 25; round++) {
      expect((await publicList(a)).find((p) => p.id === id)?.name).toBe(`Round ${round - 1}`);
      expect((await publicList(b)).find((p) => p.id === id)?.name).toBe(`Round ${round - 1}`);
      const [writer, reader] = round % 2 ? [a, b] : [b, a];
      expect((await call(writer, 'PUT', `/api/products/${id}`, { name: `Round ${round}` })).status).toBe(200);
      expect((await publicList(reader)).find((p) => p.id === id)?.name).toBe(`Round ${round}`);
    }
  });

  it('see each other’s creates and deletes of services, featured lists included', async () => {
    await publicList(b, '/api/services/featured');
    const created = await call(a, 'POST', '/api/services', {
      name: 'Hot Stone',
      price: '90',
      duration: 60,
      isFeatured: true,
    });
    expect((await publicList(b, '/api/services/featured')).map((s) => s.id)).toContain(created.body.id);
    expect((await call(b, 'DELETE', `/api/services/${created.body.id}`)).status).toBe(200);
    expect((await publicList(a, '/api/services')).map((s) => s.id)).not.toContain(created.body.id);
    expect((await publicList(a, '/api/services/featured')).map((s) => s.id)).not.toContain(created.body.id);
  });

  it('see writes made outside the catalogue screens at once too (e.g. stock taken by an order)', async () => {
    const created = await call(a, 'POST', '/api/products', { name: 'Stocked', price: '2.00', inventory: 9 });
    await publicList(a);
    await publicList(b);
    await database.db.update(products).set({ inventory: 4 }).where(eq(products.id, created.body.id));
    for (const instance of [a, b])
      expect((await publicList(instance)).find((p) => p.id === created.body.id)?.inventory).toBe(4);
  });
});
