import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, orderItems, orders, products } from '../../../db/schema/index';
import { signInAs, useTestServer } from '../../testing/test-server';

// Races need real concurrency: on PostgreSQL every request below runs on its own connection at once. On PGlite
// (one connection) the same checks run serialised, with fewer rounds, and still have to hold.
const postgres = process.env.TEST_DB === 'postgres';
const ROUNDS = postgres ? 20 : 2;
const CUSTOMERS = 50;

const server = useTestServer();

async function makeProduct(name: string, inventory: number) {
  const [row] = await server.db
    .insert(products)
    .values({ name, price: '5.00', inventory })
    .returning({ id: products.id });
  return row!.id;
}

async function customers(n: number) {
  return Promise.all(Array.from({ length: n }, () => signInAs(server.database, 'customer')));
}

describe('checkout under a race', () => {
  it(`${CUSTOMERS} parallel checkouts against stock 3: exactly 3 orders, stock 0, never negative (${ROUNDS} rounds)`, async () => {
    const people = await customers(CUSTOMERS);
    for (let round = 0; round < ROUNDS; round++) {
      const productId = await makeProduct(`Race ${round}`, 3);
      await server.db.insert(cartItems).values(people.map((p) => ({ userId: p.user.id, productId, quantity: 1 })));
      const answers = await Promise.all(people.map((p) => server.request('POST', '/api/orders', { cookie: p.cookie })));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(CUSTOMERS - 3);
      const refusals = answers.filter((a) => a.status === 409).map((a) => a.body.message);
      expect(new Set(refusals)).toEqual(new Set([`Race ${round} is out of stock.`]));
      const [{ inventory }] = (await server.db
        .select({ inventory: products.inventory })
        .from(products)
        .where(eq(products.id, productId))) as [{ inventory: number }];
      expect(inventory).toBe(0);
      const [{ sold }] = (await server.db
        .select({ sold: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::integer` })
        .from(orderItems)
        .where(eq(orderItems.productId, productId))) as [{ sold: number }];
      expect(sold).toBe(3);
      // The losers keep their cart, the winners' carts are empty.
      const [{ left }] = (await server.db
        .select({ left: sql<number>`count(*)::integer` })
        .from(cartItems)
        .where(eq(cartItems.productId, productId))) as [{ left: number }];
      expect(left).toBe(CUSTOMERS - 3);
      await server.db.delete(cartItems).where(eq(cartItems.productId, productId));
    }
  }, 180_000);

  it(`${CUSTOMERS} pairs of carts A,B and B,A checking out at once: no deadlock reaches a client, stock adds up`, async () => {
    const people = await customers(CUSTOMERS * 2);
    for (let round = 0; round < Math.max(1, ROUNDS / 4); round++) {
      const stock = 70;
      const a = await makeProduct(`Pair A ${round}`, stock);
      const b = await makeProduct(`Pair B ${round}`, stock);
      // Half the carts list A first, half B first (a cart lists its lines by the time they were added).
      const t = Date.now();
      await server.db.insert(cartItems).values(
        people.flatMap((p, i) => {
          const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
          return [
            { userId: p.user.id, productId: first, quantity: 1, createdAt: new Date(t) },
            { userId: p.user.id, productId: second, quantity: 1, createdAt: new Date(t + 1) },
          ];
        }),
      );
      const answers = await Promise.all(people.map((p) => server.request('POST', '/api/orders', { cookie: p.cookie })));
      const unexpected = answers.filter((r) => r.status !== 200 && r.status !== 409);
      expect(unexpected.map((r) => `${r.status} ${r.text}`)).toEqual([]);
      expect(answers.some((r) => /deadlock/i.test(r.text))).toBe(false);
      const won = answers.filter((r) => r.status === 200).length;
      expect(won).toBe(stock);
      const rows = await server.db
        .select({ id: products.id, inventory: products.inventory })
        .from(products)
        .where(inArray(products.id, [a, b]));
      expect(rows.map((r) => r.inventory)).toEqual([0, 0]);
      const orderCount = await server.db
        .select({ n: sql<number>`count(distinct ${orders.id})::integer` })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(inArray(orderItems.productId, [a, b]));
      expect(orderCount[0]!.n).toBe(won);
      await server.db.delete(cartItems).where(inArray(cartItems.productId, [a, b]));
    }
  }, 180_000);
});
