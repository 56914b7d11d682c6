import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, giftCardLedger, giftCards, orders as ordersTable, rateLimits, users } from '../../db/schema/index';
import { createStripeFake, paymentsWithStripeFake } from '../testing/stripe-fake';
import { queuedMail, signInAs, useTestServer } from '../testing/test-server';
import { addToCart, deliverWebhook, product } from '../testing/orders';

// Gift cards over REST (docs/gift-cards.md): issued, bought, checked, spent in the cart, refunded card first.
const fake = createStripeFake();
const server = useTestServer({ payments: paymentsWithStripeFake(fake) });
let admin: string;
beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
});
// Every request comes from 127.0.0.1: the look-up limit starts afresh for each test.
beforeEach(async () => {
  await server.db.delete(rateLimits);
});

async function ledgerSum(id: string) {
  const [row] = await server.db
    .select({ sum: sql<string>`coalesce(sum(${giftCardLedger.amount}), 0)::numeric(10,2)::text` })
    .from(giftCardLedger)
    .where(eq(giftCardLedger.giftCardId, id));
  return row!.sum;
}

async function issue(amount: string, recipientEmail?: string) {
  const res = await server.request('POST', '/api/admin/gift-cards', {
    cookie: admin,
    body: { amount, ...(recipientEmail && { recipientEmail }), message: 'Enjoy' },
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string; code: string; balance: string };
}

/** A new customer whose cart holds one product of 20.00 (22.00 with tax) and a card of `amount` applied to it. */
async function cartWithCard(firstName: string, amount: string, productName: string) {
  const customer = await signInAs(server.database, 'customer', { firstName });
  const card = await issue(amount);
  const item = await product(server, admin, { name: productName, price: '20.00', inventory: 5 });
  await addToCart(server, customer.cookie, item.id, 1);
  await server.request('POST', '/api/cart/gift-card', { cookie: customer.cookie, body: { code: card.code } });
  return { customer, card };
}

/** Pays a card order on the fake's hosted page and delivers the webhook saying so. */
async function payOnStripe(orderId: string) {
  const [row] = await server.db.select().from(ordersTable).where(eq(ordersTable.id, orderId));
  const event = fake.event('checkout.session.completed', fake.pay(row!.paymentReference!));
  expect((await deliverWebhook(server, event)).body.result).toBe('applied');
}

describe('gift cards', () => {
  it('staff issue a card: 16 characters, an issued line, the recipient e-mailed, an audit entry; then void it', async () => {
    const card = await issue('40.00', 'gift.one@test.example');
    expect(card.code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/);
    expect(card).toMatchObject({ balance: '40.00', initialAmount: '40.00', currency: 'USD', isActive: true });
    const detail = await server.request('GET', `/api/admin/gift-cards/${card.id}`, { cookie: admin });
    expect(detail.body.ledger).toEqual([
      { id: expect.any(String), kind: 'issued', amount: '40.00', orderId: null, createdAt: expect.any(String) },
    ]);
    const [mail] = await queuedMail(server.db, 'gift.one@test.example');
    expect(mail!.subject).toBe('You have received a gift card of $40.00');
    expect(mail!.text).toContain(card.code.replace(/(.{4})(?=.)/g, '$1-'));
    const list = await server.request('GET', '/api/admin/gift-cards', { cookie: admin });
    expect(list.body.map((c: { id: string }) => c.id)).toContain(card.id);

    // Anyone checks the balance with the code, typed with dashes and in lower case.
    const typed = card.code.toLowerCase().replace(/(.{4})(?=.)/g, '$1-');
    const balance = await server.request('GET', `/api/gift-cards/${typed}`);
    expect(balance.status, balance.text).toBe(200);
    expect(balance.body).toEqual({ balance: '40.00', currency: 'USD', expiresAt: null });

    const voided = await server.request('DELETE', `/api/admin/gift-cards/${card.id}`, { cookie: admin });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body).toMatchObject({ isActive: false, balance: '0.00' });
    expect(voided.body.ledger.map((l: { kind: string; amount: string }) => [l.kind, l.amount])).toEqual([
      ['issued', '40.00'],
      ['voided', '-40.00'],
    ]);
    expect(await ledgerSum(card.id)).toBe('0.00');
    expect((await server.request('GET', `/api/gift-cards/${card.code}`)).status).toBe(404);
    expect((await server.request('DELETE', `/api/admin/gift-cards/${card.id}`, { cookie: admin })).status).toBe(409);
    const actions = await server.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, card.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['gift_card.issued', 'gift_card.voided']);
  });

  it('a customer may not issue or list cards; an amount outside 5.00-500.00 cannot be bought', async () => {
    const customer = await signInAs(server.database, 'customer');
    expect(
      (await server.request('POST', '/api/admin/gift-cards', { cookie: customer.cookie, body: { amount: '10' } }))
        .status,
    ).toBe(403);
    expect((await server.request('GET', '/api/admin/gift-cards', { cookie: customer.cookie })).status).toBe(403);
    // Whatever is outside the range is told the range, a negative amount or one beyond any money too.
    for (const amount of ['4.99', '500.01', -5, 0, 1e20]) {
      const res = await server.request('POST', '/api/gift-cards', {
        cookie: customer.cookie,
        body: { amount, recipientEmail: 'x@test.example' },
      });
      expect([amount, res.status, res.body.message]).toEqual([amount, 400, 'A gift card is from 5.00 to 500.00']);
    }
    // One sentence for one field: a code that is not text is not valid, one of dashes only is missing.
    for (const [code, message] of [
      [1234, 'Gift card code is not valid'],
      ['--', 'Gift card code is required'],
    ] as const) {
      const res = await server.request('POST', '/api/cart/gift-card', { cookie: customer.cookie, body: { code } });
      expect([code, res.status, res.body.message]).toEqual([code, 400, message]);
    }
  });

  it('a customer buys a card for a friend: the card exists once paid, once; the friend spends part of it', async () => {
    const buyer = await signInAs(server.database, 'customer', { firstName: 'Berta', lastName: 'Buyer' });
    const friend = await signInAs(server.database, 'customer', { firstName: 'Flor' });
    await server.db.update(users).set({ locale: 'es' }).where(eq(users.id, friend.user.id));
    const bought = await server.request('POST', '/api/gift-cards', {
      cookie: buyer.cookie,
      body: { amount: '50.00', recipientEmail: friend.user.email, message: 'Feliz cumpleaños' },
    });
    expect(bought.status, bought.text).toBe(200);
    expect(bought.body.paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const orderId = bought.body.order.id as string;
    expect(bought.body.order).toMatchObject({
      total: '50.00',
      tax: '0.00',
      paymentStatus: 'unpaid',
      items: [{ name: 'Gift card', price: '50.00', quantity: 1, productId: null }],
      buys: 'gift_card',
      boughtGiftCard: null,
    });
    expect(await server.db.select().from(giftCards).where(eq(giftCards.purchaseOrderId, orderId))).toEqual([]);

    await payOnStripe(orderId);
    const [row] = await server.db.select().from(ordersTable).where(eq(ordersTable.id, orderId));
    // The same confirmation again makes no second card.
    const again = fake.event('checkout.session.completed', fake.sessions.get(row!.paymentReference!)!);
    await deliverWebhook(server, again);
    const made = await server.db.select().from(giftCards).where(eq(giftCards.purchaseOrderId, orderId));
    expect(made).toHaveLength(1);
    const code = made[0]!.code;

    const own = await server.request('GET', `/api/orders/${orderId}`, { cookie: buyer.cookie });
    expect(own.body.boughtGiftCard).toEqual({ code, amount: '50.00', recipientEmail: friend.user.email });
    // Announcements carry the code's last four characters only: neither a webhook endpoint nor a reader of the
    // events (webhooks.view) can spend the card.
    const events = await server.request('GET', '/api/events?limit=500', { cookie: admin });
    expect(events.status).toBe(200);
    const issued = (events.body as { type: string; data: { id: string; code: string } }[]).find(
      (event) => event.type === 'gift_card.issued' && event.data.id === made[0]!.id,
    );
    expect(issued?.data.code).toBe(`************${code.slice(-4)}`);
    expect(events.text).not.toContain(code);
    const [mail] = await queuedMail(server.db, friend.user.email);
    // Spanish puts a no-break space between the amount and its currency.
    expect(mail!.subject.replace(/\s/g, ' ')).toBe('Has recibido una tarjeta regalo de 50,00 US$');
    expect(mail!.text.replace(/[^\S\n]/g, ' ')).toContain('Berta Buyer te ha enviado una tarjeta regalo de 50,00 US$.');
    expect(mail!.text).toContain('Feliz cumpleaños');

    // The friend spends 22.00 of it (20.00 + 10% tax): 28.00 stays on the card.
    const item = await product(server, admin, { name: 'Gift Soap', price: '20.00', inventory: 5 });
    await addToCart(server, friend.cookie, item.id, 1);
    const applied = await server.request('POST', '/api/cart/gift-card', { cookie: friend.cookie, body: { code } });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body).toMatchObject({ total: '22.00', giftCard: { code, amount: '22.00' }, amountDue: '0.00' });
    const placed = await server.request('POST', '/api/orders', { cookie: friend.cookie, body: {} });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body).toMatchObject({ total: '22.00', giftCardAmount: '22.00', paymentStatus: 'paid' });
    const balance = await server.request('GET', `/api/gift-cards/${code}`);
    expect(balance.body.balance).toBe('28.00');
    const detail = await server.request('GET', `/api/admin/gift-cards/${made[0]!.id}`, { cookie: admin });
    expect(
      detail.body.ledger.map((l: { kind: string; amount: string; orderId: string }) => [l.kind, l.amount, l.orderId]),
    ).toEqual([
      ['issued', '50.00', orderId],
      ['spent', '-22.00', placed.body.id],
    ]);
    expect(await ledgerSum(made[0]!.id)).toBe('28.00');
  });

  it('a refund of an order paid half by card and half by Stripe gives the card its part first, Stripe the rest', async () => {
    const customer = await signInAs(server.database, 'customer', { firstName: 'Sara' });
    const card = await issue('11.00');
    const item = await product(server, admin, { name: 'Split Candle', price: '20.00', inventory: 5 });
    await addToCart(server, customer.cookie, item.id, 1);
    const applied = await server.request('POST', '/api/cart/gift-card', {
      cookie: customer.cookie,
      body: { code: card.code },
    });
    expect(applied.body).toMatchObject({ total: '22.00', giftCard: { amount: '11.00' }, amountDue: '11.00' });
    const placed = await server.request('POST', '/api/orders', {
      cookie: customer.cookie,
      body: { paymentMethod: 'stripe' },
    });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body).toMatchObject({ giftCardAmount: '11.00', total: '22.00' });
    const id = placed.body.id as string;
    const [row] = await server.db.select().from(ordersTable).where(eq(ordersTable.id, id));
    expect(fake.sessions.get(row!.paymentReference!)!.amount_total).toBe(1100);
    const number = id.slice(-8);
    const received = (await queuedMail(server.db, customer.user.email)).find((m) => m.subject.endsWith('received'));
    expect(received!.text).toContain(
      'Total: $22.00\nGift card: -$11.00\nAmount due: $11.00\n\n' +
        'We will start on your order as soon as your card payment is confirmed.\n',
    );
    await payOnStripe(id);

    // 5.00 first: all of it goes back to the card.
    const first = await server.request('POST', `/api/orders/${id}/refunds`, {
      cookie: admin,
      body: { amount: '5.00' },
    });
    expect(first.status, first.text).toBe(200);
    expect((await server.request('GET', `/api/gift-cards/${card.code}`)).body.balance).toBe('5.00');
    // Then the other 17.00: 6.00 to the card, 11.00 through Stripe.
    const rest = await server.request('POST', `/api/orders/${id}/refunds`, {
      cookie: admin,
      body: { amount: '17.00' },
    });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body).toMatchObject({ refundedAmount: '22.00', paymentStatus: 'refunded' });
    expect((await server.request('GET', `/api/gift-cards/${card.code}`)).body.balance).toBe('11.00');
    const refunds = fake.calls.filter((c) => c.path === '/v1/refunds').map((c) => c.body.get('amount'));
    expect(refunds.at(-1)).toBe('1100');
    // Each refund's mail says what went back to the card, and the way back of the rest only when there is a rest.
    const refundMails = (await queuedMail(server.db, customer.user.email)).filter((m) =>
      m.subject.startsWith('Refund'),
    );
    expect(refundMails.map((m) => [m.subject, m.text])).toEqual([
      [
        `Refund of $5.00 for order #${number}`,
        [
          'Hello Sara,',
          '',
          `we have refunded $5.00 for your order #${number}.`,
          'Refunded so far: $5.00 of $22.00.',
          '',
          '$5.00 went back to your gift card, ready to spend again right away.',
          `Your order: http://localhost:3000/orders/${id}`,
        ].join('\n'),
      ],
      [
        `Refund of $17.00 for order #${number}`,
        [
          'Hello Sara,',
          '',
          `we have refunded $17.00 for your order #${number}.`,
          'Refunded so far: $22.00 of $22.00.',
          '',
          '$6.00 went back to your gift card, ready to spend again right away.',
          'The remaining $11.00 goes back the way you paid.',
          'A card refund usually reaches your account within 5 to 10 business days; money paid in the shop is handed back there.',
          `Your order: http://localhost:3000/orders/${id}`,
        ].join('\n'),
      ],
    ]);
    const detail = await server.request('GET', `/api/admin/gift-cards/${card.id}`, { cookie: admin });
    expect(detail.body.ledger.map((l: { kind: string; amount: string }) => [l.kind, l.amount])).toEqual([
      ['issued', '11.00'],
      ['spent', '-11.00'],
      ['refunded', '5.00'],
      ['refunded', '6.00'],
    ]);
    // Nothing more can be refunded.
    const more = await server.request('POST', `/api/orders/${id}/refunds`, { cookie: admin, body: { amount: '0.01' } });
    expect(more.status).toBe(409);
  });

  it('a refund of what a card paid, once the card is void, goes on a new card for the customer, mailed to her', async () => {
    const { customer, card } = await cartWithCard('Vera', '11.00', 'Void Candle');
    const placed = await server.request('POST', '/api/orders', {
      cookie: customer.cookie,
      body: { paymentMethod: 'stripe' },
    });
    expect(placed.body).toMatchObject({ giftCardAmount: '11.00', total: '22.00' });
    const id = placed.body.id as string;
    await payOnStripe(id);
    expect((await server.request('DELETE', `/api/admin/gift-cards/${card.id}`, { cookie: admin })).status).toBe(200);

    const refunded = await server.request('POST', `/api/orders/${id}/refunds`, {
      cookie: admin,
      body: { amount: '22.00' },
    });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body).toMatchObject({ refundedAmount: '22.00', paymentStatus: 'refunded' });
    expect(
      fake.calls
        .filter((c) => c.path === '/v1/refunds')
        .at(-1)!
        .body.get('amount'),
    ).toBe('1100');
    // The void card keeps nothing; a new card holds its part, its one line naming the order.
    const voided = await server.request('GET', `/api/admin/gift-cards/${card.id}`, { cookie: admin });
    expect(voided.body.ledger.map((l: { kind: string }) => l.kind)).toEqual(['issued', 'spent', 'voided']);
    const [made] = await server.db.select().from(giftCards).where(eq(giftCards.recipientEmail, customer.user.email));
    expect(made).toMatchObject({ balance: '11.00', initialAmount: '11.00', isActive: true, expiresAt: null });
    const detail = await server.request('GET', `/api/admin/gift-cards/${made!.id}`, { cookie: admin });
    expect(detail.body.ledger).toEqual([expect.objectContaining({ kind: 'issued', amount: '11.00', orderId: id })]);
    const number = id.slice(-8);
    const mails = await queuedMail(server.db, customer.user.email);
    const cardMail = mails.find((m) => m.subject === 'You have received a gift card of $11.00');
    expect(cardMail!.text).toContain(
      `$11.00 of your order #${number} could not go back to the gift card that paid for it, which can no longer be ` +
        'used, so it is on this new gift card.',
    );
    expect(cardMail!.text).toContain(made!.code.replace(/(.{4})(?=.)/g, '$1-'));
    const refundMail = mails.find((m) => m.subject === `Refund of $22.00 for order #${number}`);
    expect(refundMail!.text).toContain(
      '$11.00 is on a new gift card, as the one that paid can no longer be used: its code comes in a separate e-mail.\n' +
        'The remaining $11.00 goes back the way you paid.',
    );
    // The new card spends.
    expect((await server.request('GET', `/api/gift-cards/${made!.code}`)).body.balance).toBe('11.00');
  });

  it("an erased customer's refund to a void card makes the new card for nobody, and mails its code to nobody", async () => {
    const { customer, card } = await cartWithCard('Nora', '11.00', 'Erased Candle');
    const placed = await server.request('POST', '/api/orders', {
      cookie: customer.cookie,
      body: { paymentMethod: 'stripe' },
    });
    const id = placed.body.id as string;
    await payOnStripe(id);
    expect((await server.request('DELETE', `/api/admin/gift-cards/${card.id}`, { cookie: admin })).status).toBe(200);
    const erased = await server.request('POST', `/api/admin/customers/${customer.user.id}/erase`, { cookie: admin });
    expect(erased.status, erased.text).toBe(200);
    const toHerBefore = (await queuedMail(server.db, customer.user.email)).length;

    const refunded = await server.request('POST', `/api/orders/${id}/refunds`, {
      cookie: admin,
      body: { amount: '22.00' },
    });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body).toMatchObject({ refundedAmount: '22.00', paymentStatus: 'refunded' });
    // The card's part is kept on a new card (staff can still find it by the order), with no one's address on it.
    const [line] = await server.db
      .select({ giftCardId: giftCardLedger.giftCardId })
      .from(giftCardLedger)
      .where(sql`${giftCardLedger.orderId} = ${id} and ${giftCardLedger.kind} = 'issued'`);
    const [made] = await server.db.select().from(giftCards).where(eq(giftCards.id, line!.giftCardId));
    expect(made).toMatchObject({ balance: '11.00', recipientEmail: null, isActive: true });
    // Nobody is mailed its code, or the refund.
    const written = made!.code.replace(/(.{4})(?=.)/g, '$1-');
    const mails = await queuedMail(server.db);
    expect(mails.filter((m) => m.text.includes(written) || m.text.includes(made!.code))).toEqual([]);
    expect(await queuedMail(server.db, customer.user.email)).toHaveLength(toHerBefore);
    expect(mails.filter((m) => m.subject === `Refund of $22.00 for order #${id.slice(-8)}`)).toEqual([]);
  });

  it("cancelling an unpaid order whose card has expired since puts the card's part on a new card", async () => {
    const { customer, card } = await cartWithCard('Ema', '8.00', 'Expired Soap');
    const placed = await server.request('POST', '/api/orders', { cookie: customer.cookie, body: {} });
    expect(placed.body).toMatchObject({ giftCardAmount: '8.00', paymentStatus: 'unpaid' });
    // The card's day passes while the order waits to be paid at pickup.
    await server.db
      .update(giftCards)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(giftCards.id, card.id));

    const cancelled = await server.request('PUT', `/api/orders/${placed.body.id}/status`, {
      cookie: admin,
      body: { status: 'cancelled' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const [expired] = await server.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(expired!.balance).toBe('0.00');
    const [made] = await server.db.select().from(giftCards).where(eq(giftCards.recipientEmail, customer.user.email));
    expect(made).toMatchObject({ balance: '8.00', isActive: true, expiresAt: null });
    const [mail] = (await queuedMail(server.db, customer.user.email)).filter((m) =>
      m.text.includes(made!.code.slice(-4)),
    );
    expect(mail!.subject).toBe('You have received a gift card of $8.00');
  });

  it('the confirmation shows what the card paid and what is left: nothing when it paid all, else due at pickup', async () => {
    const customer = await signInAs(server.database, 'customer', { firstName: 'Gina' });
    // 33.30 + 3.33 tax = 36.63, all of it on a card of 40.00.
    const whole = await product(server, admin, { name: 'Whole Lotion', price: '33.30', inventory: 5 });
    await addToCart(server, customer.cookie, whole.id, 1);
    await server.request('POST', '/api/cart/gift-card', {
      cookie: customer.cookie,
      body: { code: (await issue('40.00')).code },
    });
    const paid = await server.request('POST', '/api/orders', { cookie: customer.cookie, body: {} });
    expect(paid.body).toMatchObject({ total: '36.63', giftCardAmount: '36.63', paymentStatus: 'paid' });
    // 33.33 + 3.33 tax = 36.66, of which a card of 20.00 pays 20.00: 16.66 is paid at pickup.
    const part = await product(server, admin, { name: 'Part Lotion', price: '33.33', inventory: 5 });
    await addToCart(server, customer.cookie, part.id, 1);
    await server.request('POST', '/api/cart/gift-card', {
      cookie: customer.cookie,
      body: { code: (await issue('20.00')).code },
    });
    const due = await server.request('POST', '/api/orders', { cookie: customer.cookie, body: {} });
    expect(due.body).toMatchObject({
      total: '36.66',
      giftCardAmount: '20.00',
      paymentStatus: 'unpaid',
      paymentProvider: 'manual',
    });

    const mails = await queuedMail(server.db, customer.user.email);
    const confirmation = (id: string) => mails.find((m) => m.subject === `Order #${id.slice(-8)} received`)!.text;
    expect(confirmation(paid.body.id)).toBe(
      [
        'Hello Gina,',
        '',
        `thank you for your order #${paid.body.id.slice(-8)}.`,
        '',
        '  1 x Whole Lotion at $33.30',
        '',
        'Subtotal: $33.30',
        'Shipping: Free',
        'Tax: $3.33',
        'Total: $36.63',
        'Gift card: -$36.63',
        '',
        'Your order is paid: there is nothing left to pay.',
        'Your orders: http://localhost:3000/profile',
      ].join('\n'),
    );
    expect(confirmation(due.body.id)).toBe(
      [
        'Hello Gina,',
        '',
        `thank you for your order #${due.body.id.slice(-8)}.`,
        '',
        '  1 x Part Lotion at $33.33',
        '',
        'Subtotal: $33.33',
        'Shipping: Free',
        'Tax: $3.33',
        'Total: $36.66',
        'Gift card: -$20.00',
        'Amount due: $16.66',
        '',
        'You pay when you pick your order up.',
        'Your orders: http://localhost:3000/profile',
      ].join('\n'),
    );
  });

  it('a checkout that finds less on the card than it was shown is refused (409) and takes nothing', async () => {
    const customer = await signInAs(server.database, 'customer');
    const card = await issue('30.00');
    const item = await product(server, admin, { name: 'Shown Brush', price: '10.00', inventory: 5 });
    await addToCart(server, customer.cookie, item.id, 1);
    await server.request('POST', '/api/cart/gift-card', { cookie: customer.cookie, body: { code: card.code } });
    // Staff void the card between pricing and paying.
    await server.request('DELETE', `/api/admin/gift-cards/${card.id}`, { cookie: admin });
    const summary = await server.request('GET', '/api/cart/summary', { cookie: customer.cookie });
    expect(summary.body).toMatchObject({
      giftCard: { amount: '0.00', problem: 'This gift card is void.' },
      amountDue: '11.00',
    });
    const removed = await server.request('DELETE', '/api/cart/gift-card', { cookie: customer.cookie });
    expect(removed.status).toBe(200);
    const wrong = await server.request('POST', '/api/cart/gift-card', {
      cookie: customer.cookie,
      body: { code: card.code },
    });
    expect(wrong.status).toBe(400);
  });

  it('a balance check with many wrong codes from one address is refused after the limit, with Retry-After', async () => {
    const answers: { status: number; retryAfter: string | null }[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await server.request('GET', `/api/gift-cards/WRONGCODE${String(i).padStart(7, '0')}`);
      answers.push({ status: res.status, retryAfter: res.headers.get('retry-after') });
    }
    expect(answers.slice(0, 20).every((a) => a.status === 404)).toBe(true);
    expect(answers.slice(20).every((a) => a.status === 429 && Number(a.retryAfter) > 0)).toBe(true);
    // Even a right code is refused then: guessing gets nothing.
    const card = await issue('5.00');
    expect((await server.request('GET', `/api/gift-cards/${card.code}`)).status).toBe(429);
  });
});
