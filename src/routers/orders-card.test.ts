import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders as ordersTable, paymentEvents } from '../../db/schema/index';
import { createStripeFake, paymentsWithStripeFake } from '../testing/stripe-fake';
import { queuedMail, signInAs, useTestServer } from '../testing/test-server';
import { addToCart, deliverWebhook, product, stockOf } from '../testing/orders';

// Card payments in the web shop: the order is placed with a Stripe Checkout Session (Stripe's hosted payment
// page, offline here) and settled by its signed webhooks.
const fake = createStripeFake();
const server = useTestServer({ payments: paymentsWithStripeFake(fake) });
let admin: string;
beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
});

const deliver = (delivery: { payload: string; signature: string }) => deliverWebhook(server, delivery);

async function orderRow(id: string) {
  const [row] = await server.db.select().from(ordersTable).where(eq(ordersTable.id, id));
  return row!;
}

/** A customer checks out a cart of `quantity` × a $20.00 product by card; the answer carries the payment page. */
async function cardOrder(quantity = 1) {
  const customer = await signInAs(server.database, 'customer');
  const oil = await product(server, admin, {
    name: `Hosted Oil ${Math.random().toString(36).slice(2, 7)}`,
    price: '20.00',
    inventory: 5,
  });
  await addToCart(server, customer.cookie, oil.id, quantity);
  const res = await server.request('POST', '/api/orders', {
    cookie: customer.cookie,
    body: { paymentMethod: 'stripe' },
  });
  expect(res.status, res.text).toBe(200);
  const order = res.body as { id: string; paymentUrl: string; total: string };
  const sessionId = (await orderRow(order.id)).paymentReference!;
  return { customer, oil, order, sessionId, session: () => fake.sessions.get(sessionId)! };
}

describe('POST /api/orders {paymentMethod: stripe}', () => {
  it("places the order with a payment page for the server's total, the order named on it and the way back to it", async () => {
    const { customer, oil, order, sessionId, session } = await cardOrder(2);
    expect(order).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentProvider: 'stripe',
      total: '44.00',
      paymentUrl: `https://checkout.stripe.com/c/pay/${sessionId}`,
    });
    expect(sessionId).toMatch(/^cs_test_/);
    expect(session()).toMatchObject({
      amount_total: 4400,
      currency: 'usd',
      mode: 'payment',
      client_reference_id: order.id,
      customer_email: customer.user.email,
      metadata: { orderId: order.id, userId: customer.user.id },
      success_url: `http://localhost:3000/orders/${order.id}?payment=success`,
      cancel_url: `http://localhost:3000/orders/${order.id}?payment=cancelled`,
      status: 'open',
    });
    // The page closes after an hour (the order is then cancelled and restocked by the expiry event).
    const minutesOpen = ((session().expires_at as number) - Date.now() / 1000) / 60;
    expect(minutesOpen).toBeGreaterThan(59);
    expect(minutesOpen).toBeLessThanOrEqual(60);
    expect(fake.titleOf(sessionId)).toBe(`Order #${order.id.slice(-8)}`);
    expect(
      fake.calls.find((c) => c.path === '/v1/checkout/sessions' && c.body.get('client_reference_id') === order.id)!
        .idempotencyKey,
    ).toBe(`order-${order.id}`);
    // The stock is held for the order and the cart is empty, as for any order.
    expect(await stockOf(server, oil.id)).toBe(3);
    expect((await server.request('GET', '/api/cart', { cookie: customer.cookie })).body).toEqual([]);
    // Reading the order back gives the order alone.
    expect(
      (await server.request('GET', `/api/orders/${order.id}`, { cookie: customer.cookie })).body,
    ).not.toHaveProperty('paymentUrl');
  });

  it('charges what the server computes, whatever the client sends', async () => {
    const customer = await signInAs(server.database, 'customer');
    const oil = await product(server, admin, { name: 'Priced Oil', price: '12.50', inventory: 5 });
    await addToCart(server, customer.cookie, oil.id, 3);
    const res = await server.request('POST', '/api/orders', {
      cookie: customer.cookie,
      body: { paymentMethod: 'stripe', amount: 0.5, total: '0.50', unit_amount: 50 },
    });
    expect(res.body.total).toBe('41.25');
    expect(fake.sessions.get((await orderRow(res.body.id)).paymentReference!)!.amount_total).toBe(4125);
    expect(
      (
        await server.request('POST', '/api/orders', {
          cookie: customer.cookie,
          body: { paymentMethod: 'stripe', paymentIntentId: 'pi_123' },
        })
      ).status,
    ).toBe(400);
  });

  it("refuses, before opening a payment page, a total below Stripe's smallest charge, and changes nothing", async () => {
    const customer = await signInAs(server.database, 'customer');
    const sticker = await product(server, admin, { name: 'Card Sticker', price: '0.40', inventory: 5 });
    await addToCart(server, customer.cookie, sticker.id);
    const before = fake.sessions.size;
    const res = await server.request('POST', '/api/orders', {
      cookie: customer.cookie,
      body: { paymentMethod: 'stripe' },
    });
    expect([res.status, res.body]).toEqual([
      400,
      {
        message: 'Card payments need an order total of at least $0.50. Please choose pay on pickup.',
        code: 'BAD_REQUEST',
      },
    ]);
    expect(fake.sessions.size).toBe(before);
    expect(await stockOf(server, sticker.id)).toBe(5);
    expect((await server.request('GET', '/api/cart', { cookie: customer.cookie })).body).toHaveLength(1);
    // The same for an API client asking for a card payment of the cart.
    const intent = await server.request('POST', '/api/create-payment-intent', { cookie: customer.cookie, body: {} });
    expect([intent.status, intent.body.message]).toEqual([
      400,
      'Card payments need an order total of at least $0.50. Please choose pay on pickup.',
    ]);
    // Paying on pickup is still possible.
    expect((await server.request('POST', '/api/orders', { cookie: customer.cookie })).status).toBe(200);
  });

  it('closes the payment page when the order cannot be placed, and changes nothing', async () => {
    const customer = await signInAs(server.database, 'customer');
    const rival = await signInAs(server.database, 'customer');
    const lantern = await product(server, admin, { name: 'Card Lantern', inventory: 1 });
    await addToCart(server, customer.cookie, lantern.id);
    await addToCart(server, rival.cookie, lantern.id);
    expect((await server.request('POST', '/api/orders', { cookie: rival.cookie })).status).toBe(200);
    const before = fake.sessions.size;
    const res = await server.request('POST', '/api/orders', {
      cookie: customer.cookie,
      body: { paymentMethod: 'stripe' },
    });
    expect(res.body).toEqual({ message: 'Card Lantern is out of stock.', code: 'CONFLICT' });
    const opened = [...fake.sessions.values()].slice(before);
    expect(opened.map((s) => s.status)).toEqual(['expired']);
    expect((await server.request('GET', '/api/orders', { cookie: customer.cookie })).body).toEqual([]);
    expect((await server.request('GET', '/api/cart', { cookie: customer.cookie })).body).toHaveLength(1);
  });
});

describe('Stripe Checkout webhooks', () => {
  it('a completed session moves the order to processing and paid, applied once when delivered twice', async () => {
    const { customer, order, sessionId } = await cardOrder();
    const event = fake.event('checkout.session.completed', fake.pay(sessionId));
    expect((await deliver(event)).body).toEqual({ received: true, result: 'applied' });
    expect((await deliver(event)).body).toEqual({ received: true, result: 'duplicate' });
    expect((await server.request('GET', `/api/orders/${order.id}`, { cookie: customer.cookie })).body).toMatchObject({
      status: 'processing',
      paymentStatus: 'paid',
    });
    const subjects = (await queuedMail(server.db, customer.user.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s === `Order #${order.id.slice(-8)} is processing`)).toHaveLength(1);
    // The intent's own success event names no order of ours: acknowledged, nothing changes.
    const intent = fake.intents.get(fake.sessions.get(sessionId)!.payment_intent as string)!;
    expect((await deliver(fake.event('payment_intent.succeeded', intent))).body.result).toBe('ignored');
    // Staff cancel the paid order: the session's payment is refunded.
    const cancelled = await server.request('PUT', `/api/orders/${order.id}/status`, {
      cookie: admin,
      body: { status: 'cancelled' },
    });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(fake.calls.some((c) => c.path === '/v1/refunds' && c.body.get('payment_intent') === intent.id)).toBe(true);
  });

  it('an expired session cancels the order and puts its stock back', async () => {
    const { customer, order, oil, sessionId } = await cardOrder(2);
    expect(await stockOf(server, oil.id)).toBe(3);
    expect((await deliver(fake.event('checkout.session.expired', fake.expire(sessionId)))).body.result).toBe('applied');
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(await stockOf(server, oil.id)).toBe(5);
    expect((await server.request('POST', `/api/orders/${order.id}/pay`, { cookie: customer.cookie })).body).toEqual({
      message: 'This order was cancelled.',
      code: 'CONFLICT',
    });
  });

  it('refuses a delivery whose signature does not verify, and nothing changes', async () => {
    const { order, oil, sessionId } = await cardOrder();
    const forged = fake.event('checkout.session.completed', fake.pay(sessionId), {
      secret: 'whsec_forged',
      eventId: 'evt_forged_checkout',
    });
    const res = await deliver(forged);
    expect([res.status, res.body]).toEqual([
      400,
      { message: 'Webhook signature verification failed', code: 'BAD_REQUEST' },
    ]);
    const tampered = fake.event('checkout.session.expired', fake.sessions.get(sessionId)!, {
      eventId: 'evt_tampered_checkout',
    });
    expect(
      (await deliver({ ...tampered, payload: tampered.payload.replace('"amount_total":2200', '"amount_total":1') }))
        .status,
    ).toBe(400);
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    expect(await stockOf(server, oil.id)).toBe(4);
    const recorded = await server.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, 'evt_forged_checkout'));
    expect(recorded).toEqual([]);
  });
});

describe('POST /api/orders/{id}/pay (Pay Now)', () => {
  it('gives the owner the open payment page again; anyone else gets 404', async () => {
    const { customer, order } = await cardOrder();
    const again = await server.request('POST', `/api/orders/${order.id}/pay`, { cookie: customer.cookie });
    expect([again.status, again.body]).toEqual([200, { url: order.paymentUrl }]);
    const other = await signInAs(server.database, 'customer');
    const staff = await signInAs(server.database, 'employee', {
      permissions: ['orders.view', 'orders.edit', 'payments.process'],
    });
    for (const cookie of [other.cookie, staff.cookie]) {
      expect((await server.request('POST', `/api/orders/${order.id}/pay`, { cookie })).body).toEqual({
        message: 'Order not found',
        code: 'NOT_FOUND',
      });
    }
    expect((await server.request('GET', `/api/orders/${order.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await server.request('POST', `/api/orders/${order.id}/pay`)).status).toBe(401);
    expect((await server.request('POST', '/api/orders/not-an-id/pay', { cookie: customer.cookie })).status).toBe(404);
  });

  it('opens a new page for the order total when the old one expired; the old one can then no longer settle it', async () => {
    const { customer, order, oil, sessionId } = await cardOrder();
    // The customer's page ran out before its expiry event arrived.
    const expired = fake.expire(sessionId);
    const res = await server.request('POST', `/api/orders/${order.id}/pay`, { cookie: customer.cookie });
    expect(res.status, res.text).toBe(200);
    const next = (await orderRow(order.id)).paymentReference!;
    expect(next).not.toBe(sessionId);
    expect(res.body).toEqual({ url: `https://checkout.stripe.com/c/pay/${next}` });
    expect(fake.sessions.get(next)).toMatchObject({
      amount_total: 2200,
      client_reference_id: order.id,
      status: 'open',
    });
    // The old page's expiry arrives late: the order now waits on the new page.
    expect((await deliver(fake.event('checkout.session.expired', expired))).body.result).toBe('ignored');
    expect(await orderRow(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    expect(await stockOf(server, oil.id)).toBe(4);
    // Paid on the new page: settled; Pay Now is then refused.
    expect((await deliver(fake.event('checkout.session.completed', fake.pay(next)))).body.result).toBe('applied');
    expect((await server.request('POST', `/api/orders/${order.id}/pay`, { cookie: customer.cookie })).body).toEqual({
      message: 'This order is already paid.',
      code: 'CONFLICT',
    });
  });

  it('two Pay Now clicks after an expiry open one new page', async () => {
    const { customer, order, sessionId } = await cardOrder();
    fake.expire(sessionId);
    const before = fake.sessions.size;
    const [a, b] = await Promise.all(
      [1, 2].map(() => server.request('POST', `/api/orders/${order.id}/pay`, { cookie: customer.cookie })),
    );
    expect([a!.status, b!.status]).toEqual([200, 200]);
    expect(a!.body.url).toBe(b!.body.url);
    expect(fake.sessions.size).toBe(before + 1);
  });

  it('refuses once the customer paid, even before the confirmation arrived', async () => {
    const { customer, order, sessionId } = await cardOrder();
    fake.pay(sessionId);
    expect((await server.request('POST', `/api/orders/${order.id}/pay`, { cookie: customer.cookie })).body).toEqual({
      message: 'This order has been paid; the payment is being confirmed.',
      code: 'CONFLICT',
    });
  });

  it("moves an order waiting on an API client's payment to the payment page, closing that payment first", async () => {
    const customer = await signInAs(server.database, 'customer');
    const oil = await product(server, admin, { name: 'Intent Then Page Oil', price: '20.00', inventory: 5 });
    await addToCart(server, customer.cookie, oil.id);
    const intent = await server.request('POST', '/api/create-payment-intent', {
      cookie: customer.cookie,
      body: { amount: 20 },
    });
    const order = (
      await server.request('POST', '/api/orders', {
        cookie: customer.cookie,
        body: { paymentIntentId: intent.body.paymentIntentId },
      })
    ).body;
    const res = await server.request('POST', `/api/orders/${order.id}/pay`, { cookie: customer.cookie });
    expect(res.status, res.text).toBe(200);
    expect(fake.intents.get(intent.body.paymentIntentId)!.status).toBe('canceled');
    expect((await orderRow(order.id)).paymentReference).toMatch(/^cs_test_/);
  });

  it("the page's payment cannot be named to pay for another order", async () => {
    const { customer, sessionId } = await cardOrder();
    fake.pay(sessionId);
    const intentId = fake.sessions.get(sessionId)!.payment_intent as string;
    const again = await product(server, admin, { name: 'Second Oil', price: '20.00', inventory: 5 });
    await addToCart(server, customer.cookie, again.id);
    expect(
      (await server.request('POST', '/api/orders', { cookie: customer.cookie, body: { paymentIntentId: intentId } }))
        .body,
    ).toEqual({
      message: 'paymentIntentId is not a payment of this shop',
      code: 'BAD_REQUEST',
    });
  });
});
