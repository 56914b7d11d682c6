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

// On PostgreSQL either may come first (both orders were seen in eight rounds); on PGlite they run one after the other.
describe('a refund and a void of the card that paid, at once', () => {
  it('the refund either reaches the card before the void takes all, or goes on a new card: never onto a void card', async () => {
    const admin = (await signInAs(server.database, 'admin')).cookie;
    const [product] = await server.db
      .insert(products)
      .values({ name: 'Race Refund Soap', price: '10.00', inventory: 1000 })
      .returning({ id: products.id });
    for (let round = 0; round < 8; round++) {
      const person = await signInAs(server.database, 'customer');
      const [card] = await server.db
        .insert(giftCards)
        .values({ code: newGiftCardCode(), initialAmount: '50.00', balance: '50.00', currency: 'USD' })
        .returning({ id: giftCards.id });
      await server.db.insert(giftCardLedger).values({ giftCardId: card!.id, kind: 'issued', amount: '50.00' });
      await server.db.insert(cartItems).values({ userId: person.user.id, productId: product!.id, quantity: 1 });
      await server.db
        .insert(cartGiftCards)
        .values({ userId: person.user.id, giftCardId: card!.id, shownBalance: '50.00' });
      const placed = await server.request('POST', '/api/orders', { cookie: person.cookie, body: {} });
      expect(placed.status, placed.text).toBe(200);
      const { id, giftCardAmount } = placed.body as { id: string; giftCardAmount: string };

      const [refund, voiding] = await Promise.all([
        server.request('POST', `/api/orders/${id}/refunds`, { cookie: admin, body: { amount: giftCardAmount } }),
        server.request('DELETE', `/api/admin/gift-cards/${card!.id}`, { cookie: admin }),
      ]);
      expect([refund.status, voiding.status], `${refund.text} ${voiding.text}`).toEqual([200, 200]);

      // The void card holds nothing, and its ledger says so: a refund line, if any, came before the void.
      const [old] = await server.db.select().from(giftCards).where(eq(giftCards.id, card!.id));
      expect(old).toMatchObject({ balance: '0.00', isActive: false });
      const lines = await server.db
        .select({ kind: giftCardLedger.kind, amount: giftCardLedger.amount, orderId: giftCardLedger.orderId })
        .from(giftCardLedger)
        .where(eq(giftCardLedger.giftCardId, card!.id))
        .orderBy(giftCardLedger.createdAt, giftCardLedger.id);
      const kinds = lines.map((l) => l.kind);
      expect(kinds.at(-1)).toBe('voided');
      const sum = lines.reduce((cents, l) => cents + Math.round(Number(l.amount) * 100), 0);
      expect(sum).toBe(0);
      // What the card paid went back once: onto it before the void, or onto a new card for the order.
      const issuedElsewhere = await server.db
        .select({ amount: giftCardLedger.amount })
        .from(giftCardLedger)
        .where(sql`${giftCardLedger.orderId} = ${id} and ${giftCardLedger.kind} = 'issued'`);
      const refundedHere = lines.filter((l) => l.kind === 'refunded').map((l) => l.amount);
      expect([...refundedHere, ...issuedElsewhere.map((l) => l.amount)]).toEqual([giftCardAmount]);
    }
  }, 180_000);
});
