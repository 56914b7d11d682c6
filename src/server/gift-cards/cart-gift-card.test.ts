import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftCards, orders } from '../../../db/schema/index';
import { addToCart, product } from '../../testing/orders';
import { signInAs, useTestServer } from '../../testing/test-server';

// The card in the cart pays what the customer was shown it pays (docs/gift-cards.md, "Spending a card"): a checkout
// that finds less on it is refused, and the priced cart the customer reviews then says what it pays now.
const server = useTestServer();
const CHANGED = "The gift card's balance has changed. Please review your cart before paying.";

async function setUp(price: string, balance: string) {
  const admin = (await signInAs(server.database, 'admin')).cookie;
  const item = await product(server, admin, { name: `Card Soap ${price}`, price, inventory: 50 });
  const issued = await server.request('POST', '/api/admin/gift-cards', { cookie: admin, body: { amount: balance } });
  expect(issued.status, issued.text).toBe(200);
  return { item, card: issued.body as { id: string; code: string } };
}

async function customerWithCard(itemId: string, code: string) {
  const customer = await signInAs(server.database, 'customer');
  await addToCart(server, customer.cookie, itemId);
  const applied = await server.request('POST', '/api/cart/gift-card', { cookie: customer.cookie, body: { code } });
  expect(applied.status, applied.text).toBe(200);
  return { ...customer, shown: applied.body as { total: string; giftCard: { amount: string }; amountDue: string } };
}

const checkout = (cookie: string) => server.request('POST', '/api/orders', { cookie, body: {} });
const ordersOf = (userId: string) => server.db.select().from(orders).where(eq(orders.userId, userId));
const balanceOf = async (id: string) =>
  (await server.db.select({ balance: giftCards.balance }).from(giftCards).where(eq(giftCards.id, id)))[0]!.balance;

describe('the gift card in the cart', () => {
  it('a checkout after someone else spent the card is refused; the reviewed cart then pays what is left', async () => {
    // 33.30 and 10 % tax: 36.63, of a 40.00 card.
    const { item, card } = await setUp('33.30', '40.00');
    const first = await customerWithCard(item.id, card.code);
    const second = await customerWithCard(item.id, card.code);
    expect(second.shown).toMatchObject({ total: '36.63', giftCard: { amount: '36.63' }, amountDue: '0.00' });

    expect((await checkout(first.cookie)).body).toMatchObject({ giftCardAmount: '36.63', paymentStatus: 'paid' });
    // The second customer was shown the card paying 36.63; it holds 3.37 now.
    const refused = await checkout(second.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CHANGED);
    expect(await ordersOf(second.user.id)).toEqual([]);
    expect(await balanceOf(card.id)).toBe('3.37');

    const reviewed = await server.request('GET', '/api/cart/summary', { cookie: second.cookie });
    expect(reviewed.body).toMatchObject({ giftCard: { amount: '3.37', problem: null }, amountDue: '33.26' });
    const placed = await checkout(second.cookie);
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body).toMatchObject({ total: '36.63', giftCardAmount: '3.37', paymentStatus: 'unpaid' });
    expect(await balanceOf(card.id)).toBe('0.00');
  });

  it('a card that expired after it was shown is refused at checkout; the reviewed cart says why it pays nothing', async () => {
    const { item, card } = await setUp('10.00', '25.00');
    const customer = await customerWithCard(item.id, card.code);
    expect(customer.shown.giftCard.amount).toBe('11.00');
    await server.db
      .update(giftCards)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(giftCards.id, card.id));

    const refused = await checkout(customer.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CHANGED);

    const reviewed = await server.request('GET', '/api/cart/summary', {
      cookie: customer.cookie,
      headers: { 'accept-language': 'es' },
    });
    expect(reviewed.body).toMatchObject({
      giftCard: { amount: '0.00', problem: 'Esta tarjeta regalo ha caducado.' },
      amountDue: '11.00',
    });
    const placed = await checkout(customer.cookie);
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body).toMatchObject({ giftCardAmount: '0.00', paymentStatus: 'unpaid', total: '11.00' });
    expect(await balanceOf(card.id)).toBe('25.00');
  });

  it('a card voided after it was shown is refused at checkout; the reviewed cart says it is void', async () => {
    const { item, card } = await setUp('10.00', '25.00');
    const customer = await customerWithCard(item.id, card.code);
    expect(customer.shown).toMatchObject({ giftCard: { amount: '11.00' }, amountDue: '0.00' });
    const admin = (await signInAs(server.database, 'admin')).cookie;
    expect((await server.request('DELETE', `/api/admin/gift-cards/${card.id}`, { cookie: admin })).status).toBe(200);

    // The customer was shown nothing to pay: an order owing 11.00 would not be what she agreed to.
    const refused = await checkout(customer.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CHANGED);
    expect(await ordersOf(customer.user.id)).toEqual([]);

    const reviewed = await server.request('GET', '/api/cart/summary', { cookie: customer.cookie });
    expect(reviewed.body).toMatchObject({
      giftCard: { amount: '0.00', problem: 'This gift card is void.' },
      amountDue: '11.00',
    });
    const placed = await checkout(customer.cookie);
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body).toMatchObject({ giftCardAmount: '0.00', paymentStatus: 'unpaid', total: '11.00' });
  });

  it('what was shown is the balance: a cart that grows afterwards is paid from it up to that balance', async () => {
    const { item, card } = await setUp('10.00', '25.00');
    const customer = await customerWithCard(item.id, card.code);
    expect(customer.shown).toMatchObject({ giftCard: { amount: '11.00' }, amountDue: '0.00' });
    await addToCart(server, customer.cookie, item.id, 2);

    const placed = await checkout(customer.cookie);
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body).toMatchObject({ total: '33.00', giftCardAmount: '25.00', paymentStatus: 'unpaid' });
    expect(await balanceOf(card.id)).toBe('0.00');
  });
});

describe('issuing a card', () => {
  it('refuses an expiry already past (400), and issues nothing', async () => {
    const admin = (await signInAs(server.database, 'admin')).cookie;
    const before = await server.db.select({ id: giftCards.id }).from(giftCards);
    const past = await server.request('POST', '/api/admin/gift-cards', {
      cookie: admin,
      body: { amount: '25.00', expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('The expiry must be in the future.');
    expect(await server.db.select({ id: giftCards.id }).from(giftCards)).toHaveLength(before.length);
  });
});
