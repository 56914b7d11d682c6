import { connect, createServer, type Server, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../db/client';
import { products } from '../../db/schema/index';
import { buildApp, type App } from './app';
import { createTestDatabase, signInAs, testEnv } from '../testing/test-server';

// PostgreSQL only (this file is not part of the PGlite run): the database goes away under write load and
// comes back. The app reaches its database through a TCP proxy this test owns, so cutting the proxy is a
// database outage for this app alone; other test files, and this test's own checks, use the server directly.

/** Forwards connections to the database; `cut` drops every connection and refuses new ones until `open`. */
class CuttableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async open() {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // The same port every time: the app's connection URL does not change across the outage.
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async cut() {
    const server = this.server;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

describe('database outage under write load', () => {
  let direct: Database & { url?: string };
  let proxy: CuttableProxy;
  let appDatabase: Database;
  let app: App;
  let baseUrl: string;
  let cookie: string;

  beforeAll(async () => {
    direct = await createTestDatabase();
    const url = new URL(direct.url!);
    proxy = new CuttableProxy(url.hostname, Number(url.port || 5432));
    await proxy.open();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    appDatabase = await createDb({ url: url.toString(), maxConnections: 10 });
    app = await buildApp({ database: appDatabase, env: testEnv() });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    ({ cookie } = await signInAs(direct, 'admin'));
  });
  afterAll(async () => {
    await proxy.open().catch(() => {});
    await app?.close();
    await appDatabase?.close();
    await proxy.cut();
    await direct?.close();
  });

  it('answers 503 with Retry-After while the database is away, recovers within 5 s of its return and keeps every acknowledged write', async () => {
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    let stop = false;

    async function call(method: string, path: string, body?: unknown) {
      const res = await fetch(baseUrl + path, {
        method,
        headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status >= 500 && res.status !== 503) problems.push(`${method} ${path} answered ${res.status}: ${text}`);
      if (res.status === 503 && !res.headers.get('retry-after'))
        problems.push(`${method} ${path} answered 503 without Retry-After`);
      return { status: res.status, text, retryAfter: res.headers.get('retry-after') };
    }

    async function writer(id: number) {
      for (let i = 0; !stop; i++) {
        const name = `Outage ${id}-${i}`;
        const res = await call('POST', '/api/products', { name, price: '1.00' });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) acknowledged.push(name);
        else if (res.status !== 503) problems.push(`write answered ${res.status}: ${res.text}`);
        else await new Promise((r) => setTimeout(r, 20));
      }
    }

    const writers = Array.from({ length: 6 }, (_, id) => writer(id));
    await expect.poll(() => acknowledged.length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(30);

    // The database goes away with writes in flight.
    await proxy.cut();
    const acknowledgedAtCut = acknowledged.length;
    await expect.poll(async () => (await call('GET', '/readyz')).status, { timeout: 5000, interval: 50 }).toBe(503);
    const ready = await call('GET', '/readyz');
    expect(ready.retryAfter).toMatch(/^\d+$/);
    // Reads that need the database, on both APIs, say the same.
    const me = await call('GET', '/api/auth/user');
    expect([me.status, JSON.parse(me.text).code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    const meTrpc = await call('GET', '/api/trpc/auth.user');
    expect(meTrpc.status).toBe(503);
    expect(meTrpc.retryAfter).toMatch(/^\d+$/);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await call('GET', '/healthz')).status).toBe(200);

    // It comes back: service must resume within 5 s (readiness and an acknowledged write).
    await proxy.open();
    const returnedAt = performance.now();
    const acknowledgedBefore = acknowledged.length;
    await expect
      .poll(async () => (await call('GET', '/readyz')).status === 200 && acknowledged.length > acknowledgedBefore, {
        timeout: 10_000,
        interval: 25,
      })
      .toBe(true);
    const recoveryMs = performance.now() - returnedAt;
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(writers);

    expect(problems).toEqual([]);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(acknowledgedAtCut);
    expect(recoveryMs).toBeLessThan(5000);
    // Every write the app said it saved is there.
    const saved = await direct.db
      .select({ name: products.name })
      .from(products)
      .where(inArray(products.name, acknowledged));
    expect(new Set(saved.map((row) => row.name))).toEqual(new Set(acknowledged));
  });
});
