import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartGiftCards, cartItems, giftCardLedger, giftCards, orders, products } from '../../../db/schema/index';
import { signInAs, useTestServer } from '../../testing/test-server';
import { newGiftCardCode } from './gift-card-service';

// Races need real concurrency: on PostgreSQL the 20 checkouts run at once, each on its own connection. On PGlite
// (one connection) they run one after another, and the same sums still have to hold.
const CHECKOUTS = 20;

const server = useTestServer();

describe('spending one gift card from many checkouts at once', () => {
  it(`${CHECKOUTS} checkouts never take more than the balance, and the ledger sums to it`, async () => {
    const people = await Promise.all(Array.from({ length: CHECKOUTS }, () => signInAs(server.database, 'customer')));
    const [product] = await server.db
      .insert(products)
      .values({ name: 'Race Voucher Soap', price: '10.00', inventory: 1000 })
      .returning({ id: products.id });
    const [card] = await server.db
      .insert(giftCards)
      .values({ code: newGiftCardCode(), initialAmount: '50.00', balance: '50.00', currency: 'USD' })
      .returning({ id: giftCards.id });
    await server.db.insert(giftCardLedger).values({ giftCardId: card!.id, kind: 'issued', amount: '50.00' });
    await server.db
      .insert(cartItems)
      .values(people.map((p) => ({ userId: p.user.id, productId: product!.id, quantity: 1 })));
    await server.db
      .insert(cartGiftCards)
      .values(people.map((p) => ({ userId: p.user.id, giftCardId: card!.id, shownBalance: '50.00' })));

    const answers = await Promise.all(
      people.map((p) => server.request('POST', '/api/orders', { cookie: p.cookie, body: {} })),
    );
    const unexpected = answers.filter((a) => a.status !== 200 && a.status !== 409);
    expect(unexpected.map((a) => `${a.status} ${a.text}`)).toEqual([]);
    const refusals = new Set(answers.filter((a) => a.status === 409).map((a) => a.body.message));
    expect(
      [...refusals].every((m) => m === "The gift card's balance has changed. Please review your cart before paying."),
    ).toBe(true);

    // Each was shown the card paying its whole 11.00: four are placed that way, the rest find less and are refused.
    const placed = answers.filter((a) => a.status === 200).map((a) => a.body.id as string);
    expect(placed.length).toBe(4);
    const [taken] = await server.db
      .select({ cents: sql<number>`coalesce(sum(${orders.giftCardAmount} * 100), 0)::integer` })
      .from(orders)
      .where(inArray(orders.id, placed));
    const [after] = await server.db
      .select({ balance: giftCards.balance })
      .from(giftCards)
      .where(eq(giftCards.id, card!.id));
    const [ledger] = await server.db
      .select({ sum: sql<string>`sum(${giftCardLedger.amount})::numeric(10,2)::text` })
      .from(giftCardLedger)
      .where(eq(giftCardLedger.giftCardId, card!.id));
    expect(taken!.cents).toBeLessThanOrEqual(5000);
    expect(Math.round(Number(after!.balance) * 100)).toBe(5000 - taken!.cents);
    expect(ledger!.sum).toBe(after!.balance);
    // Each spent line is tied to a placed order, and only those.
    const spent = await server.db
      .select({ orderId: giftCardLedger.orderId, amount: giftCardLedger.amount })
      .from(giftCardLedger)
      .where(eq(giftCardLedger.kind, 'spent'));
    expect(spent.every((l) => placed.includes(l.orderId!))).toBe(true);
  }, 180_000);
});
