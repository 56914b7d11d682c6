import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { signInAs, useTestServer, type HttpResponse } from '../../testing/test-server';

// PostgreSQL only: an integrator reconciles 10,000 orders changed since a time, in pages of 500, while other
// connections keep changing and adding orders in transactions that stay open a moment after they stamp their rows.
// Each walk starts at the last updatedAt the previous one saw (docs/integrations.md, Reconciliation); every change
// is seen by the walk running when it commits or by a later one.
const server = useTestServer();
let key: string;
let customerId: string;

const ORDERS = 10_000;
const PAGE = 500;

beforeAll(async () => {
  const admin = await signInAs(server.database, 'admin');
  customerId = (await signInAs(server.database, 'customer')).user.id;
  const created = await server.request('POST', '/api/admin/api-keys', {
    cookie: admin.cookie,
    body: { name: 'Reconciler', permissions: ['orders.view'] },
  });
  expect(created.status, created.text).toBe(200);
  key = created.body.key;
});

const nextOf = (res: HttpResponse) => /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? null;

/** Orders' ids and updatedAt as the database has them now, from `since` on. */
async function ordersNow(since: string) {
  const rows = rowsOf<{ id: string; at: string }>(
    await server.db.execute(sql`
      select id, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
      from orders where updated_at >= ${since}::timestamptz`),
  );
  return new Map(rows.map((r) => [r.id, r.at]));
}

describe('reconciling orders while writes go on', () => {
  it('walks 10,000 orders in pages of 500 and, walk after walk, misses no change', async () => {
    const [{ since }] = rowsOf<{ since: string }>(
      await server.db.execute(
        sql`select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as since`,
      ),
    ) as [{ since: string }];
    await server.db.execute(sql`
      insert into orders (user_id, total, subtotal)
      select ${customerId}::uuid, (g % 90) + 10, (g % 90) + 10 from generate_series(1, ${ORDERS}) g`);

    /** Every order seen, by id: the latest updatedAt any walk answered for it. */
    const seen = new Map<string, string>();
    let pages = 0;
    /** One walk from `from` on, following Link: rel="next"; answers the last updatedAt it saw. */
    async function walk(from: string): Promise<string> {
      let last = from;
      for (let next: string | null = `/api/orders?updatedSince=${from}&limit=${PAGE}`; next;) {
        const res = await server.request('GET', next, { headers: { authorization: `Bearer ${key}` } });
        expect(res.status, res.text).toBe(200);
        const items = res.body as { id: string; updatedAt: string }[];
        expect(items.length).toBeLessThanOrEqual(PAGE);
        for (const order of items) {
          expect(order.updatedAt >= last, 'ascending by updatedAt').toBe(true);
          if ((seen.get(order.id) ?? '') < order.updatedAt) seen.set(order.id, order.updatedAt);
          last = order.updatedAt;
        }
        pages += 1;
        next = nextOf(res);
      }
      return last;
    }

    // Writers on their own connections: each transaction changes 20 orders and adds 5, then stays open a moment
    // (its rows are stamped, not yet visible), as a slow request's would.
    let writing = true;
    let changes = 0;
    const writer = async () => {
      while (writing) {
        await server.db.transaction(async (tx) => {
          await tx.execute(sql`
            update orders set total = total + 1
            where id in (select id from orders where updated_at >= ${since}::timestamptz order by random() limit 20)`);
          await tx.execute(sql`
            insert into orders (user_id, total, subtotal)
            select ${customerId}::uuid, 5, 5 from generate_series(1, 5)`);
          await tx.execute(sql`select pg_sleep(0.05 + random() * 0.2)`);
        });
        changes += 25;
      }
    };
    const writers = [writer(), writer(), writer()];

    // One transaction stamps an order early and commits only after the first walk has ended.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let lateId = '';
    let stamped!: () => void;
    const isStamped = new Promise<void>((resolve) => (stamped = resolve));
    const late = server.db.transaction(async (tx) => {
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`
          update orders set total = total + 100
          where id = (select id from orders where updated_at >= ${since}::timestamptz order by updated_at, id limit 1)
          returning id`),
      );
      lateId = row!.id;
      stamped();
      await released;
    });
    await isStamped;

    // The first walk stops before the late transaction's change (stamped, not committed): passing it would leave
    // it behind every later walk, which starts where this one ended.
    let from = await walk(since);
    expect(seen.size).toBeGreaterThan(0);
    release();
    await late;
    for (let i = 0; i < 2; i++) from = await walk(from);
    writing = false;
    await Promise.all(writers);
    // One walk after every write has committed.
    await walk(from);

    const now = await ordersNow(since);
    expect(now.size).toBeGreaterThanOrEqual(ORDERS + changes / 5);
    const missed = [...now].filter(([id, at]) => seen.get(id) !== at);
    expect(missed, `${missed.length} of ${now.size} changes missed`).toEqual([]);
    expect(seen.get(lateId)).toBe(now.get(lateId));
    expect(changes).toBeGreaterThan(0);
    expect(pages).toBeGreaterThanOrEqual(ORDERS / PAGE);
  });
});
