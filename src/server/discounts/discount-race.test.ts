import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartDiscounts, cartItems, discountCodes, orderRefunds, orders, products } from '../../../db/schema/index';
import { signInAs, useTestServer } from '../../testing/test-server';

// Races need real concurrency: on PostgreSQL every request below runs on its own connection at once. On PGlite
// (one connection) the same checks run serialised, with fewer rounds, and still have to hold.
const postgres = process.env.TEST_DB === 'postgres';
const ROUNDS = postgres ? 20 : 2;
const CUSTOMERS = 50;
const LIMIT = 3;

const server = useTestServer();

describe('discount codes under a race', () => {
  it(`a code limited to ${LIMIT} uses, ${CUSTOMERS} checkouts at once: exactly ${LIMIT} orders carry it (${ROUNDS} rounds)`, async () => {
    const people = await Promise.all(Array.from({ length: CUSTOMERS }, () => signInAs(server.database, 'customer')));
    for (let round = 0; round < ROUNDS; round++) {
      const [code] = await server.db
        .insert(discountCodes)
        .values({ code: `RACE${round}X${Date.now()}`, kind: 'percent', value: '10', usageLimit: LIMIT })
        .returning({ id: discountCodes.id });
      // A product per customer, so that nothing but the code is shared between the checkouts.
      const made = await server.db
        .insert(products)
        .values(people.map((_, i) => ({ name: `Race ${round}.${i}`, price: '10.00', inventory: 5 })))
        .returning({ id: products.id });
      await server.db
        .insert(cartItems)
        .values(people.map((p, i) => ({ userId: p.user.id, productId: made[i]!.id, quantity: 1 })));
      await server.db.insert(cartDiscounts).values(people.map((p) => ({ userId: p.user.id, discountId: code!.id })));

      const answers = await Promise.all(people.map((p) => server.request('POST', '/api/orders', { cookie: p.cookie })));
      const won = answers.filter((a) => a.status === 200);
      const lost = answers.filter((a) => a.status !== 200);
      expect(won).toHaveLength(LIMIT);
      expect(new Set(lost.map((a) => `${a.status} ${a.body.message}`))).toEqual(
        new Set(['409 This discount code has been used up.']),
      );
      for (const a of won) expect(a.body).toMatchObject({ discount: '1.00', total: '9.90' });
      const [row] = await server.db
        .select({ timesUsed: discountCodes.timesUsed })
        .from(discountCodes)
        .where(eq(discountCodes.id, code!.id));
      expect(row!.timesUsed).toBe(LIMIT);
      const [carried] = await server.db
        .select({ n: sql<number>`count(*)::integer` })
        .from(orders)
        .where(eq(orders.discountId, code!.id));
      expect(carried!.n).toBe(LIMIT);
      // The losers changed nothing: their stock, carts and codes are as they were.
      const stock = await server.db
        .select({ inventory: products.inventory })
        .from(products)
        .where(
          inArray(
            products.id,
            made.map((m) => m.id),
          ),
        );
      expect(stock.filter((s) => s.inventory === 4)).toHaveLength(LIMIT);
      expect(stock.filter((s) => s.inventory === 5)).toHaveLength(CUSTOMERS - LIMIT);
      await server.db.delete(cartItems).where(
        inArray(
          cartItems.userId,
          people.map((p) => p.user.id),
        ),
      );
      await server.db.delete(cartDiscounts).where(eq(cartDiscounts.discountId, code!.id));
    }
  }, 240_000);
});

describe('refunds under a race', () => {
  it(`concurrent refunds of one order never together exceed what was paid (${ROUNDS} rounds)`, async () => {
    const admin = await signInAs(server.database, 'admin');
    const customer = await signInAs(server.database, 'customer');
    for (let round = 0; round < ROUNDS; round++) {
      const [order] = await server.db
        .insert(orders)
        .values({
          userId: customer.user.id,
          subtotal: '90.91',
          tax: '9.09',
          total: '100.00',
          status: 'processing',
          paymentStatus: 'paid',
        })
        .returning({ id: orders.id });
      // Two refunds of 60.00 at once, then ten of 15.00: 60 + 2 × 15 fit into 100.00, nothing more does.
      const refund = (amount: string) =>
        server.request('POST', `/api/orders/${order!.id}/refunds`, { cookie: admin.cookie, body: { amount } });
      const pair = await Promise.all([refund('60.00'), refund('60.00')]);
      expect(pair.map((r) => r.status).sort()).toEqual([200, 409]);
      const ten = await Promise.all(Array.from({ length: 10 }, () => refund('15.00')));
      expect(ten.filter((r) => r.status === 200)).toHaveLength(2);
      expect(ten.filter((r) => r.status === 409)).toHaveLength(8);
      const [row] = await server.db
        .select({ refunded: orders.refundedAmount, status: orders.paymentStatus })
        .from(orders)
        .where(eq(orders.id, order!.id));
      const [sum] = await server.db
        .select({ total: sql<string>`sum(${orderRefunds.amount})::text` })
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, order!.id));
      expect([row!.refunded, sum!.total, row!.status]).toEqual(['90.00', '90.00', 'partially_refunded']);
    }
  }, 240_000);
});
