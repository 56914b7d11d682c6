import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders as ordersTable } from '../../db/schema/index';
import { createStripeFake, paymentsWithStripeFake } from '../testing/stripe-fake';
import { followUpsDone, queuedMail, signInAs, useTestServer } from '../testing/test-server';
import { addToCart, deliverWebhook, product, stockOf } from '../testing/orders';

const server = useTestServer();
let admin: string;
beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
});

describe('PUT and DELETE /api/cart/{id}', () => {
  it('sets the quantity from 1 to the stock and removes a line', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    const soap = await product(server, admin, { name: 'Cart Soap', inventory: 4 });
    const line = await addToCart(server, cookie, soap.id);
    const res = await server.request('PUT', `/api/cart/${line.id}`, { cookie, body: { quantity: 3 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: line.id,
      quantity: 3,
      price: '10.00',
      product: { name: 'Cart Soap', inventory: 4 },
    });
    expect((await server.request('PUT', `/api/cart/${line.id}`, { cookie, body: { quantity: 5 } })).body).toEqual({
      message: 'Only 4 of Cart Soap in stock.',
      code: 'CONFLICT',
    });
    for (const quantity of [0, -1]) {
      const bad = await server.request('PUT', `/api/cart/${line.id}`, { cookie, body: { quantity } });
      expect([bad.status, bad.body.message]).toEqual([400, 'Quantity must be at least 1']);
    }
    expect((await server.request('GET', '/api/cart', { cookie })).body[0].quantity).toBe(3);
    const removed = await server.request('DELETE', `/api/cart/${line.id}`, { cookie });
    expect(removed.body).toEqual({ success: true, id: line.id });
    expect((await server.request('GET', '/api/cart', { cookie })).body).toEqual([]);
    expect((await server.request('DELETE', `/api/cart/${line.id}`, { cookie })).status).toBe(404);
  });

  it("answers 404 for another user's line and leaves it alone", async () => {
    const a = await signInAs(server.database, 'customer');
    const b = await signInAs(server.database, 'customer');
    const soap = await product(server, admin, { name: 'Private Soap', inventory: 4 });
    const line = await addToCart(server, a.cookie, soap.id, 2);
    expect(
      (await server.request('PUT', `/api/cart/${line.id}`, { cookie: b.cookie, body: { quantity: 1 } })).body,
    ).toEqual({ message: 'Cart item not found', code: 'NOT_FOUND' });
    expect((await server.request('DELETE', `/api/cart/${line.id}`, { cookie: b.cookie })).status).toBe(404);
    expect(
      (await server.request('PUT', '/api/cart/nonsense', { cookie: b.cookie, body: { quantity: 1 } })).status,
    ).toBe(404);
    expect((await server.request('GET', '/api/cart', { cookie: a.cookie })).body[0].quantity).toBe(2);
  });
});

describe('POST /api/create-payment-intent', () => {
  it('prices the cart on the server: subtotal, 10% tax, total', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    const oil = await product(server, admin, { name: 'Intent Oil', price: '24.00', inventory: 9 });
    const steamer = await product(server, admin, { name: 'Intent Steamer', price: '14.55', inventory: 9 });
    await addToCart(server, cookie, oil.id, 2);
    await addToCart(server, cookie, steamer.id, 1);
    const res = await server.request('POST', '/api/create-payment-intent', { cookie, body: { amount: 62.55 } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      clientSecret: expect.any(String),
      paymentIntentId: expect.stringMatching(/^manual_/),
      amount: '68.81',
      subtotal: '62.55',
      tax: '6.26',
      currency: 'usd',
      provider: 'manual',
    });
    expect(
      (await server.request('POST', '/api/create-payment-intent', { cookie, body: { amount: '62.55' } })).status,
    ).toBe(200);
  });

  it('refuses an amount that is not the cart subtotal (409) and an empty cart (400)', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    expect((await server.request('POST', '/api/create-payment-intent', { cookie, body: { amount: 10 } })).body).toEqual(
      { message: 'Your cart is empty.', code: 'BAD_REQUEST' },
    );
    const oil = await product(server, admin, { name: 'Changing Oil', price: '5.00', inventory: 9 });
    await addToCart(server, cookie, oil.id);
    expect((await server.request('POST', '/api/create-payment-intent', { cookie, body: { amount: 1 } })).body).toEqual({
      message: 'Your cart has changed. Please review it before paying.',
      code: 'CONFLICT',
    });
    expect(
      (await server.request('POST', '/api/create-payment-intent', { cookie, body: { amount: 'lots' } })).status,
    ).toBe(400);
    expect((await server.request('POST', '/api/create-payment-intent', { body: { amount: 5 } })).status).toBe(401);
  });
});

describe('POST /api/orders (checkout)', () => {
  it('takes the stock, writes the order with its lines as priced, empties the cart and mails a confirmation', async () => {
    const { cookie, user } = await signInAs(server.database, 'customer', { firstName: 'Olga' });
    const oil = await product(server, admin, { name: 'Checkout Oil', price: '24.00', inventory: 5 });
    const brush = await product(server, admin, { name: 'Checkout Brush', price: '19.00', inventory: 2 });
    await addToCart(server, cookie, oil.id, 2);
    await addToCart(server, cookie, brush.id, 2);
    const res = await server.request('POST', '/api/orders', { cookie });
    expect(res.status, res.text).toBe(200);
    const order = res.body;
    expect(order).toEqual({
      id: expect.any(String),
      userId: user.id,
      total: '94.60',
      subtotal: '86.00',
      discountCode: null,
      discount: '0.00',
      tax: '8.60',
      giftCardAmount: '0.00',
      buys: 'products',
      boughtGiftCard: null,
      notes: null,
      refundedAmount: '0.00',
      refunds: [],
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentProvider: 'manual',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      items: [
        { productId: brush.id, name: 'Checkout Brush', price: '19.00', quantity: 2 },
        { productId: oil.id, name: 'Checkout Oil', price: '24.00', quantity: 2 },
      ],
      customer: { id: user.id, firstName: 'Olga', lastName: user.lastName, email: user.email },
    });
    expect([await stockOf(server, oil.id), await stockOf(server, brush.id)]).toEqual([3, 0]);
    expect((await server.request('GET', '/api/cart', { cookie })).body).toEqual([]);
    const [mail] = await queuedMail(server.db, user.email);
    expect(mail!.subject).toBe(`Order #${order.id.slice(-8)} received`);
    expect(mail!.text).toContain('2 x Checkout Oil at $24.00');
    expect(mail!.text).toContain('Total: $94.60');

    // The order keeps its lines as they were when the product changes.
    await server.request('PUT', `/api/products/${oil.id}`, {
      cookie: admin,
      body: { name: 'Renamed Oil', price: '99.00' },
    });
    const again = await server.request('GET', `/api/orders/${order.id}`, { cookie });
    expect(again.body.items[1]).toEqual({ productId: oil.id, name: 'Checkout Oil', price: '24.00', quantity: 2 });
  });

  it('answers the order exactly as a later read gives it, lines in the same order', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    // Upper case sorts before lower case by code point, after it in most collations: both reads must agree.
    for (const name of ['apple Soap', 'Banana Soap', 'banana Soap']) {
      await addToCart(server, cookie, (await product(server, admin, { name, inventory: 3 })).id);
    }
    const placed = await server.request('POST', '/api/orders', { cookie });
    expect(placed.body.items.map((i: { name: string }) => i.name)).toEqual([
      'Banana Soap',
      'apple Soap',
      'banana Soap',
    ]);
    expect((await server.request('GET', `/api/orders/${placed.body.id}`, { cookie })).body).toEqual(placed.body);
  });

  it('refuses with 409 naming the product that is short, and then nothing has changed', async () => {
    const first = await signInAs(server.database, 'customer');
    const second = await signInAs(server.database, 'customer');
    const mask = await product(server, admin, { name: 'Scarce Mask', inventory: 2 });
    const candle = await product(server, admin, { name: 'Plenty Candle', inventory: 10 });
    await addToCart(server, first.cookie, candle.id, 1);
    await addToCart(server, first.cookie, mask.id, 2);
    await addToCart(server, second.cookie, mask.id, 1);
    expect((await server.request('POST', '/api/orders', { cookie: second.cookie })).status).toBe(200);
    const res = await server.request('POST', '/api/orders', { cookie: first.cookie });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Not enough stock for Scarce Mask: only 1 left.', code: 'CONFLICT' });
    expect([await stockOf(server, mask.id), await stockOf(server, candle.id)]).toEqual([1, 10]);
    expect((await server.request('GET', '/api/cart', { cookie: first.cookie })).body).toHaveLength(2);
    expect((await server.request('GET', '/api/orders', { cookie: first.cookie })).body).toEqual([]);
    const soldOut = await signInAs(server.database, 'customer');
    await addToCart(server, soldOut.cookie, mask.id, 1);
    await server.request('POST', '/api/orders', { cookie: second.cookie }).then((r) => expect(r.status).toBe(400));
    await addToCart(server, second.cookie, mask.id, 1);
    expect((await server.request('POST', '/api/orders', { cookie: second.cookie })).status).toBe(200);
    expect((await server.request('POST', '/api/orders', { cookie: soldOut.cookie })).body.message).toBe(
      'Scarce Mask is out of stock.',
    );
  });

  it('refuses an empty cart and a payment reference that is not ours', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    expect((await server.request('POST', '/api/orders', { cookie })).body).toEqual({
      message: 'Your cart is empty.',
      code: 'BAD_REQUEST',
    });
    const oil = await product(server, admin, { name: 'Ref Oil', inventory: 5 });
    await addToCart(server, cookie, oil.id);
    expect((await server.request('POST', '/api/orders', { cookie, body: { paymentIntentId: 'pi_123' } })).status).toBe(
      400,
    );
    const intent = await server.request('POST', '/api/create-payment-intent', { cookie, body: { amount: 10 } });
    const placed = await server.request('POST', '/api/orders', {
      cookie,
      body: { paymentIntentId: intent.body.paymentIntentId },
    });
    expect(placed.status, placed.text).toBe(200);
    await addToCart(server, cookie, oil.id);
    expect(
      (await server.request('POST', '/api/orders', { cookie, body: { paymentIntentId: intent.body.paymentIntentId } }))
        .body,
    ).toEqual({ message: 'This payment already belongs to an order.', code: 'CONFLICT' });
    expect(await stockOf(server, oil.id)).toBe(4);
  });

  it('refuses (400) an order larger than an order can be, for the cart and for staff, and changes nothing', async () => {
    const { cookie, user } = await signInAs(server.database, 'customer');
    // The dearest price there can be: with its tax the order is more than an order's total can be.
    const dear = await product(server, admin, { name: 'Dear Thing', price: '99999999.99', inventory: 5 });
    await addToCart(server, cookie, dear.id);
    const tooLarge = { message: "An order's total can be at most 99999999.99.", code: 'BAD_REQUEST' };
    expect((await server.request('POST', '/api/orders', { cookie })).body).toEqual(tooLarge);
    const spanish = await server.request('POST', '/api/orders', { cookie, headers: { 'accept-language': 'es' } });
    expect([spanish.status, spanish.body.message]).toEqual([
      400,
      'El total de un pedido puede ser como máximo 99999999.99.',
    ]);
    const forCustomer = await server.request('POST', '/api/orders', {
      cookie: admin,
      body: { customerId: user.id, items: [{ productId: dear.id, quantity: 1 }] },
    });
    expect(forCustomer.body).toEqual(tooLarge);
    expect(await stockOf(server, dear.id)).toBe(5);
    expect((await server.request('GET', '/api/cart', { cookie })).body).toHaveLength(1);
    expect(await server.db.select().from(ordersTable).where(eq(ordersTable.userId, user.id))).toEqual([]);
  });

  it('refuses card payment on the payment page when cards are not configured, and Pay Now for a pay-on-pickup order', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    const oil = await product(server, admin, { name: 'Pickup Only Oil', inventory: 5 });
    await addToCart(server, cookie, oil.id);
    expect((await server.request('POST', '/api/orders', { cookie, body: { paymentMethod: 'stripe' } })).body).toEqual({
      message: 'Card payments are not available.',
      code: 'BAD_REQUEST',
    });
    expect(
      (await server.request('POST', '/api/orders', { cookie, body: { paymentMethod: 'cash' } })).body.message,
    ).toBe('paymentMethod must be manual or stripe');
    expect(await stockOf(server, oil.id)).toBe(5);
    const placed = await server.request('POST', '/api/orders', { cookie, body: { paymentMethod: 'manual' } });
    expect(placed.body).toMatchObject({ paymentProvider: 'manual', status: 'pending' });
    expect(placed.body).not.toHaveProperty('paymentUrl');
    expect((await server.request('POST', `/api/orders/${placed.body.id}/pay`, { cookie })).body).toEqual({
      message: 'This order is paid when you pick it up.',
      code: 'CONFLICT',
    });
  });
});

describe('GET /api/orders and /api/orders/{id}', () => {
  it('gives customers their own orders, newest first, staff with orders.view all, and 404 for others', async () => {
    const a = await signInAs(server.database, 'customer', { firstName: 'Listed', lastName: 'Alpha' });
    const b = await signInAs(server.database, 'customer');
    const staff = await signInAs(server.database, 'employee', { permissions: ['orders.view'] });
    const plain = await signInAs(server.database, 'employee');
    const oil = await product(server, admin, { name: 'List Oil', inventory: 10 });
    await addToCart(server, a.cookie, oil.id);
    const older = (await server.request('POST', '/api/orders', { cookie: a.cookie })).body;
    await addToCart(server, a.cookie, oil.id, 2);
    const newer = (await server.request('POST', '/api/orders', { cookie: a.cookie })).body;

    const mine = (await server.request('GET', '/api/orders', { cookie: a.cookie })).body;
    expect(mine.map((o: { id: string }) => o.id)).toEqual([newer.id, older.id]);
    expect((await server.request('GET', '/api/orders', { cookie: b.cookie })).body).toEqual([]);
    expect((await server.request('GET', `/api/orders/${older.id}`, { cookie: b.cookie })).body).toEqual({
      message: 'Order not found',
      code: 'NOT_FOUND',
    });
    expect((await server.request('GET', `/api/orders/${older.id}`, { cookie: plain.cookie })).status).toBe(404);
    expect((await server.request('GET', `/api/orders/${older.id}`, { cookie: staff.cookie })).body.id).toBe(older.id);
    expect((await server.request('GET', `/api/orders/${older.id}`)).status).toBe(401);

    const all = (await server.request('GET', '/api/orders', { cookie: staff.cookie })).body;
    expect(all.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining([newer.id, older.id]));
    expect((await server.request('GET', '/api/orders?scope=mine', { cookie: staff.cookie })).body).toEqual([]);
    expect(
      (await server.request('GET', '/api/orders?scope=mine&limit=1', { cookie: a.cookie })).body.map(
        (o: { id: string }) => o.id,
      ),
    ).toEqual([newer.id]);
    const byName = (await server.request('GET', '/api/orders?search=listed%20alph', { cookie: staff.cookie })).body;
    expect(byName.map((o: { id: string }) => o.id)).toEqual([newer.id, older.id]);
    const byNumber = (
      await server.request('GET', `/api/orders?search=%23${older.id.slice(-8)}`, { cookie: staff.cookie })
    ).body;
    expect(byNumber.map((o: { id: string }) => o.id)).toEqual([older.id]);
    const today = new Date().toISOString().slice(0, 10);
    const ranged = (await server.request('GET', `/api/orders?from=2000-01-01&to=2000-01-31`, { cookie: staff.cookie }))
      .body;
    expect(ranged).toEqual([]);
    expect(
      (await server.request('GET', `/api/orders?status=pending&from=${today}`, { cookie: staff.cookie })).body.length,
    ).toBeGreaterThanOrEqual(2);
    expect((await server.request('GET', '/api/orders?status=shipped', { cookie: staff.cookie })).status).toBe(400);
    expect((await server.request('GET', '/api/orders?from=yesterday', { cookie: staff.cookie })).body.message).toBe(
      'from must be a date (YYYY-MM-DD)',
    );
    // The range is of days (format: date): an instant is refused, not read as a moment.
    const instant = await server.request('GET', '/api/orders?from=2026-05-01T10:00:00Z', { cookie: staff.cookie });
    expect([instant.status, instant.body.message]).toEqual([400, 'from must be a date (YYYY-MM-DD)']);
  });

  it('pages with limit and cursor: the orders after the last one of the previous page, in the same order', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    const oil = await product(server, admin, { name: 'Paged Oil', inventory: 10 });
    const placed: string[] = [];
    for (let i = 0; i < 5; i++) {
      await addToCart(server, cookie, oil.id);
      placed.unshift((await server.request('POST', '/api/orders', { cookie })).body.id);
    }
    const ids = (res: { body: { id: string }[] }) => res.body.map((o) => o.id);
    const first = await server.request('GET', '/api/orders?limit=2', { cookie });
    expect(ids(first)).toEqual(placed.slice(0, 2));
    const second = await server.request('GET', `/api/orders?limit=2&cursor=${placed[1]}`, { cookie });
    expect(ids(second)).toEqual(placed.slice(2, 4));
    expect(ids(await server.request('GET', `/api/orders?limit=2&cursor=${placed[3]}`, { cookie }))).toEqual(
      placed.slice(4),
    );
    expect(ids(await server.request('GET', `/api/orders?limit=2&cursor=${placed[4]}`, { cookie }))).toEqual([]);
    // The tRPC path pages the same way.
    const viaTrpc = await server.request(
      'GET',
      `/api/trpc/orders.list?input=${encodeURIComponent(JSON.stringify({ limit: 2, cursor: placed[1] }))}`,
      { cookie },
    );
    expect(viaTrpc.body.result.data.map((o: { id: string }) => o.id)).toEqual(placed.slice(2, 4));
    const bad = await server.request('GET', '/api/orders?cursor=not-an-order', { cookie });
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'This cursor is not one this list gave; start again without it.',
    ]);
  });
});

describe('PUT /api/orders/{id}/status and POST /api/orders/{id}/mark-paid', () => {
  async function placeOrder(quantity = 2) {
    const customer = await signInAs(server.database, 'customer');
    const oil = await product(server, admin, {
      name: `Status Oil ${Math.random().toString(36).slice(2, 7)}`,
      inventory: 5,
    });
    await addToCart(server, customer.cookie, oil.id, quantity);
    const order = (await server.request('POST', '/api/orders', { cookie: customer.cookie })).body;
    return { customer, oil, order };
  }

  it('moves along the transitions, refuses others with 409 and mails the customer', async () => {
    const { customer, order } = await placeOrder();
    const editor = await signInAs(server.database, 'employee', { permissions: ['orders.view', 'orders.edit'] });
    expect(
      (
        await server.request('PUT', `/api/orders/${order.id}/status`, {
          cookie: editor.cookie,
          body: { status: 'completed' },
        })
      ).body,
    ).toEqual({ message: 'An order that is pending cannot be moved to completed.', code: 'CONFLICT' });
    const processing = await server.request('PUT', `/api/orders/${order.id}/status`, {
      cookie: editor.cookie,
      body: { status: 'processing' },
    });
    expect(processing.body).toMatchObject({ id: order.id, status: 'processing' });
    expect(
      (
        await server.request('PUT', `/api/orders/${order.id}/status`, {
          cookie: editor.cookie,
          body: { status: 'pending' },
        })
      ).status,
    ).toBe(409);
    expect(
      (await server.request('PUT', `/api/orders/${order.id}/status`, { cookie: admin, body: { status: 'completed' } }))
        .body.status,
    ).toBe('completed');
    expect(
      (await server.request('PUT', `/api/orders/${order.id}/status`, { cookie: admin, body: { status: 'cancelled' } }))
        .status,
    ).toBe(409);
    expect(
      (await server.request('PUT', `/api/orders/${order.id}/status`, { cookie: admin, body: { status: 'gone' } }))
        .status,
    ).toBe(400);
    expect(
      (
        await server.request('PUT', `/api/orders/${order.id}/status`, {
          cookie: customer.cookie,
          body: { status: 'cancelled' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await server.request('PUT', `/api/orders/00000000-0000-4000-8000-000000000000/status`, {
          cookie: admin,
          body: { status: 'cancelled' },
        })
      ).status,
    ).toBe(404);
    const subjects = (await queuedMail(server.db, customer.user.email)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Order #${order.id.slice(-8)} is processing`,
        `Order #${order.id.slice(-8)} is completed`,
      ]),
    );
  });

  it('cancelling puts the stock back, once', async () => {
    const { oil, order } = await placeOrder(2);
    expect(await stockOf(server, oil.id)).toBe(3);
    const res = await server.request('PUT', `/api/orders/${order.id}/status`, {
      cookie: admin,
      body: { status: 'cancelled' },
    });
    expect(res.body).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' });
    expect(await stockOf(server, oil.id)).toBe(5);
    expect(
      (await server.request('PUT', `/api/orders/${order.id}/status`, { cookie: admin, body: { status: 'cancelled' } }))
        .status,
    ).toBe(409);
    expect(await stockOf(server, oil.id)).toBe(5);
  });

  it('marks a pay-on-pickup order paid (pending moves to processing); cancelling it then refunds', async () => {
    const { oil, order } = await placeOrder(1);
    const cashier = await signInAs(server.database, 'employee', { permissions: ['payments.process'] });
    const paid = await server.request('POST', `/api/orders/${order.id}/mark-paid`, { cookie: cashier.cookie });
    expect(paid.body).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    expect(
      (await server.request('POST', `/api/orders/${order.id}/mark-paid`, { cookie: cashier.cookie })).body,
    ).toEqual({ message: 'This order is already paid.', code: 'CONFLICT' });
    const cancelled = await server.request('PUT', `/api/orders/${order.id}/status`, {
      cookie: admin,
      body: { status: 'cancelled' },
    });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await stockOf(server, oil.id)).toBe(5);
    expect((await server.request('POST', `/api/orders/${order.id}/mark-paid`, { cookie: admin })).status).toBe(409);

    // Each staff write left one audit row, by whom it was made; the refused ones none. Written by their events'
    // follow-up.
    await followUpsDone(server.db);
    const number = order.id.slice(-8);
    const entries = await server.db
      .select({ action: auditLog.action, summary: auditLog.summary, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.entityId, order.id))
      .orderBy(auditLog.action);
    expect(entries.map((e) => [e.action, e.actorId === cashier.user.id ? 'cashier' : 'admin', e.summary])).toEqual([
      ['order.paid', 'cashier', `Recorded the payment of order #${number}.`],
      ['order.status_changed', 'admin', `Moved order #${number} from processing to cancelled.`],
    ]);
  });
});

describe('card payments through Stripe (offline)', () => {
  const fake = createStripeFake();
  const stripe = useTestServer({ payments: paymentsWithStripeFake(fake) });
  let stripeAdmin: string;
  beforeAll(async () => {
    stripeAdmin = (await signInAs(stripe.database, 'admin')).cookie;
  });

  async function cardOrder(quantity = 1) {
    const customer = await signInAs(stripe.database, 'customer');
    const oil = await product(stripe, stripeAdmin, {
      name: `Card Oil ${Math.random().toString(36).slice(2, 7)}`,
      price: '20.00',
      inventory: 5,
    });
    await addToCart(stripe, customer.cookie, oil.id, quantity);
    const intent = await stripe.request('POST', '/api/create-payment-intent', {
      cookie: customer.cookie,
      body: { amount: 20 * quantity },
    });
    expect(intent.body).toMatchObject({
      provider: 'stripe',
      amount: (22 * quantity).toFixed(2),
      paymentIntentId: expect.stringMatching(/^pi_/),
    });
    const order = await stripe.request('POST', '/api/orders', {
      cookie: customer.cookie,
      body: { paymentIntentId: intent.body.paymentIntentId },
    });
    expect(order.status, order.text).toBe(200);
    return { customer, oil, order: order.body, intentId: intent.body.paymentIntentId as string };
  }

  const deliver = (delivery: { payload: string; signature: string }) => deliverWebhook(stripe, delivery);

  it('offers card payment, and charges the total in cents', async () => {
    const { cookie } = await signInAs(stripe.database, 'customer');
    expect((await stripe.request('GET', '/api/payment-methods', { cookie })).body).toEqual({
      methods: ['manual', 'stripe'],
      default: 'manual',
    });
    const { intentId } = await cardOrder(2);
    expect(fake.intents.get(intentId)!.amount).toBe(4400);
  });

  it('moves the order to processing on a signed success event, applied once', async () => {
    const { order, intentId, customer } = await cardOrder();
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', paymentProvider: 'stripe' });
    const event = fake.event('payment_intent.succeeded', fake.succeed(intentId));
    const first = await deliver(event);
    expect(first.body).toEqual({ received: true, result: 'applied' });
    expect((await deliver(event)).body).toEqual({ received: true, result: 'duplicate' });
    const after = (await stripe.request('GET', `/api/orders/${order.id}`, { cookie: customer.cookie })).body;
    expect(after).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    // Staff cancel a paid card order: Stripe refunds it.
    const cancelled = await stripe.request('PUT', `/api/orders/${order.id}/status`, {
      cookie: stripeAdmin,
      body: { status: 'cancelled' },
    });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(fake.calls.some((c) => c.path === '/v1/refunds' && c.body.get('payment_intent') === intentId)).toBe(true);
  });

  it('cancels the order and restocks on a failed or expired payment', async () => {
    const { order, intentId, oil } = await cardOrder(2);
    expect(await stockOf(stripe, oil.id)).toBe(3);
    const res = await deliver(fake.event('payment_intent.payment_failed', fake.fail(intentId)));
    expect(res.body.result).toBe('applied');
    const [row] = await stripe.db.select().from(ordersTable).where(eq(ordersTable.id, order.id));
    expect([row!.status, row!.paymentStatus]).toEqual(['cancelled', 'failed']);
    expect(await stockOf(stripe, oil.id)).toBe(5);
    // A late success for a cancelled order is refunded, not revived.
    const late = await deliver(fake.event('payment_intent.succeeded', fake.succeed(intentId)));
    expect(late.body.result).toBe('applied');
    const [refunded] = await stripe.db.select().from(ordersTable).where(eq(ordersTable.id, order.id));
    expect([refunded!.status, refunded!.paymentStatus]).toEqual(['cancelled', 'refunded']);
    expect(await stockOf(stripe, oil.id)).toBe(5);
  });

  it('refuses deliveries whose signature does not verify, and changes nothing', async () => {
    const { order, intentId } = await cardOrder();
    const forged = fake.event('payment_intent.succeeded', fake.succeed(intentId), { secret: 'whsec_forged' });
    const res = await deliver(forged);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Webhook signature verification failed', code: 'BAD_REQUEST' });
    expect(
      (
        await stripe.request('POST', '/api/payments/stripe/webhook', {
          rawBody: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    const [row] = await stripe.db.select().from(ordersTable).where(eq(ordersTable.id, order.id));
    expect(row!.status).toBe('pending');
    expect(
      (
        await server.request('POST', '/api/payments/stripe/webhook', {
          rawBody: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(404);
  });

  it('settles at once when the card was paid before the order was placed', async () => {
    const customer = await signInAs(stripe.database, 'customer');
    const oil = await product(stripe, stripeAdmin, { name: 'Prepaid Oil', price: '20.00', inventory: 5 });
    await addToCart(stripe, customer.cookie, oil.id);
    const intent = await stripe.request('POST', '/api/create-payment-intent', {
      cookie: customer.cookie,
      body: { amount: 20 },
    });
    fake.succeed(intent.body.paymentIntentId);
    const order = await stripe.request('POST', '/api/orders', {
      cookie: customer.cookie,
      body: { paymentIntentId: intent.body.paymentIntentId },
    });
    expect(order.body).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    // Someone else's payment cannot pay for this customer's order, and a stale amount is refused.
    const other = await signInAs(stripe.database, 'customer');
    await addToCart(stripe, other.cookie, oil.id);
    expect(
      (
        await stripe.request('POST', '/api/orders', {
          cookie: other.cookie,
          body: { paymentIntentId: intent.body.paymentIntentId },
        })
      ).status,
    ).toBe(400);
    const smaller = await stripe.request('POST', '/api/create-payment-intent', {
      cookie: other.cookie,
      body: { amount: 20 },
    });
    await addToCart(stripe, other.cookie, oil.id);
    expect(
      (
        await stripe.request('POST', '/api/orders', {
          cookie: other.cookie,
          body: { paymentIntentId: smaller.body.paymentIntentId },
        })
      ).body,
    ).toEqual({ message: 'Your cart has changed. Please review it before paying.', code: 'CONFLICT' });
    expect(await stockOf(stripe, oil.id)).toBe(4);
  });
});
