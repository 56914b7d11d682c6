import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database, type Tx } from '../../../db/client';
import { products } from '../../../db/schema/index';
import { createTestDatabase } from '../../testing/test-server';
import { CatalogCache, coalesce, etagMatches, negotiateEncoding } from './catalog-cache';
import { loadProducts, loadServices } from './catalog-rows';

describe('coalesce', () => {
  it('runs once for callers that arrive together, and once more for those who arrive during a run', async () => {
    let runs = 0;
    const releases: (() => void)[] = [];
    const run = coalesce(
      () =>
        new Promise<number>((resolve) => {
          runs += 1;
          const n = runs;
          releases.push(() => resolve(n));
        }),
    );
    const first = run();
    const during = [run(), run(), run()];
    expect(runs).toBe(1);
    releases.shift()!();
    expect(await first).toBe(1);
    // Those who asked during run 1 must not get its (possibly stale) answer.
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(runs).toBe(2);
    releases.shift()!();
    expect(await Promise.all(during)).toEqual([2, 2, 2]);
    const later = run();
    expect(runs).toBe(3);
    releases.shift()!();
    expect(await later).toBe(3);
  });

  it('recovers after a failed run', async () => {
    let fail = true;
    const run = coalesce(async () => {
      if (fail) throw new Error('database away');
      return 'ok';
    });
    await expect(run()).rejects.toThrow('database away');
    fail = false;
    expect(await run()).toBe('ok');
  });
});

describe('HTTP validators and encodings', () => {
  it('matches If-None-Match weakly, in lists and with *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });

  it('prefers brotli, then gzip, honouring q values and *', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=1, br;q=0.2')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBeUndefined();
    expect(negotiateEncoding('gzip;q=0')).toBeUndefined();
    expect(negotiateEncoding(undefined)).toBeUndefined();
  });
});

describe('CatalogCache', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let loads = 0;
  let duringLoad: ((tx: Tx) => Promise<void>) | undefined;
  let cache: CatalogCache;

  beforeAll(async () => {
    database = await createTestDatabase();
    cache = new CatalogCache(database, {
      products: async (tx) => {
        loads += 1;
        const rows = await loadProducts(tx);
        await duringLoad?.(tx);
        return rows;
      },
      services: loadServices,
    });
    await database.db.insert(products).values([
      { name: 'Active', price: '1.00', isFeatured: true },
      { name: 'Hidden', price: '2.00', isActive: false },
    ]);
  });
  afterAll(() => database.close());

  it('reads once and then serves the same bytes while nothing changes', async () => {
    const before = loads;
    const first = await cache.view('products', 'active');
    const second = await cache.view('products', 'active');
    expect(loads - before).toBe(1);
    expect(second).toBe(first);
    expect(JSON.parse(first.body.toString('utf8')).map((p: { name: string }) => p.name)).toEqual(['Active']);
  });

  it('derives every view from one read', async () => {
    const before = loads;
    expect((await cache.view('products', 'all')).items).toHaveLength(2);
    expect(
      (await cache.view('products', 'featured')).items.map((p) => (p as unknown as { name: string }).name),
    ).toEqual(['Active']);
    expect(loads).toBe(before);
  });

  it('rereads after any committed change, however it was made', async () => {
    const etag = (await cache.view('products', 'active')).etag;
    await database.db.execute(sql`update products set price = 3 where name = 'Active'`);
    const view = await cache.view('products', 'active');
    expect(view.etag).not.toBe(etag);
    expect((view.items[0] as unknown as { price: string }).price).toBe('3.00');
  });

  it('ignores a change that was rolled back', async () => {
    const view = await cache.view('products', 'active');
    const before = loads;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(products).set({ price: '99.00' }).where(eq(products.name, 'Active'));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await cache.view('products', 'active')).toBe(view);
    expect(loads).toBe(before);
  });

  it('keeps products and services apart', async () => {
    const view = await cache.view('products', 'active');
    await database.db.execute(sql`insert into services (name, price) values ('Facial', 50)`);
    expect(await cache.view('products', 'active')).toBe(view);
    expect((await cache.view('services', 'active')).items).toHaveLength(1);
  });

  // PostgreSQL only: PGlite has one connection, so nothing can commit while the catalogue is being read.
  if (process.env.TEST_DB === 'postgres') {
    it('notices a change committed by another connection while it was reading', async () => {
      const other: Database = await createDb({ url: database.url!, maxConnections: 1 });
      try {
        await database.db.execute(sql`update products set price = 4 where name = 'Active'`);
        // This read's snapshot is taken before the concurrent write commits, so its rows miss it ...
        duringLoad = async () => {
          duringLoad = undefined;
          await other.db.update(products).set({ price: '5.00' }).where(eq(products.name, 'Active'));
        };
        const stale = await cache.view('products', 'active');
        expect((stale.items[0] as unknown as { price: string }).price).toBe('4.00');
        // ... and the very next request must not be answered from them.
        const fresh = await cache.view('products', 'active');
        expect((fresh.items[0] as unknown as { price: string }).price).toBe('5.00');
      } finally {
        await other.close();
      }
    });
  }
});
