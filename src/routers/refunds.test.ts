import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders as ordersTable } from '../../db/schema/index';
import { createStripeFake, paymentsWithStripeFake } from '../testing/stripe-fake';
import { getDashboard } from '../server/staff/dashboard-service';
import { queuedMail, signInAs, useTestServer } from '../testing/test-server';
import { toCents } from '../shared/orders';
import { addToCart, deliverWebhook, product, stockOf } from '../testing/orders';

// Refunds over REST: part or all of a paid order, through the provider that took the money.
const fake = createStripeFake();
const server = useTestServer({ payments: paymentsWithStripeFake(fake) });
let admin: string;
beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
});

let seq = 0;

/** A paid order of 2 × Refund Oil at 24.00 and 1 × Refund Brush at 14.55: subtotal 62.55, tax 6.26, total 68.81. */
async function paidOrder(method: 'manual' | 'stripe' = 'manual') {
  const customer = await signInAs(server.database, 'customer', { firstName: 'Rita' });
  const oil = await product(server, admin, { name: `Refund Oil ${++seq}`, price: '24.00', inventory: 5 });
  const brush = await product(server, admin, { name: `Refund Brush ${seq}`, price: '14.55', inventory: 5 });
  await addToCart(server, customer.cookie, oil.id, 2);
  await addToCart(server, customer.cookie, brush.id, 1);
  const placed = await server.request('POST', '/api/orders', {
    cookie: customer.cookie,
    body: method === 'stripe' ? { paymentMethod: 'stripe' } : {},
  });
  expect(placed.status, placed.text).toBe(200);
  const id = placed.body.id as string;
  if (method === 'stripe') {
    const [row] = await server.db.select().from(ordersTable).where(eq(ordersTable.id, id));
    const event = fake.event('checkout.session.completed', fake.pay(row!.paymentReference!));
    expect((await deliverWebhook(server, event)).body.result).toBe('applied');
  } else {
    expect((await server.request('POST', `/api/orders/${id}/mark-paid`, { cookie: admin })).status).toBe(200);
  }
  return { customer, oil, brush, id };
}

const refund = (id: string, body: unknown, cookie = admin) =>
  server.request('POST', `/api/orders/${id}/refunds`, { cookie, body });

describe('POST /api/orders/{id}/refunds', () => {
  it('refunds part of a paid order to the cent, restocks the lines asked for and e-mails the customer', async () => {
    const { customer, oil, brush, id } = await paidOrder();
    const res = await refund(id, {
      amount: '20.64',
      reason: 'One oil arrived broken',
      restock: [{ productId: oil.id, quantity: 1 }],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      total: '68.81',
      refundedAmount: '20.64',
      paymentStatus: 'partially_refunded',
      status: 'processing',
      refunds: [
        {
          id: expect.any(String),
          amount: '20.64',
          reason: 'One oil arrived broken',
          restock: [{ productId: oil.id, quantity: 1 }],
          createdAt: expect.any(String),
          createdBy: expect.any(String),
        },
      ],
    });
    expect([await stockOf(server, oil.id), await stockOf(server, brush.id)]).toEqual([4, 4]);
    const mails = await queuedMail(server.db, customer.user.email);
    const mail = mails.find((m) => m.subject.startsWith('Refund'));
    expect(mail!.subject).toBe(`Refund of $20.64 for order #${id.slice(-8)}`);
    expect(mail!.text).toContain('Reason: One oil arrived broken');
    expect(mail!.text).toContain('Refunded so far: $20.64 of $68.81.');
    // The customer sees the refund on their order.
    const own = await server.request('GET', `/api/orders/${id}`, { cookie: customer.cookie });
    expect(own.body).toMatchObject({ refundedAmount: '20.64', refunds: [{ amount: '20.64' }] });

    // A second refund for the rest, as a number: refunded in full, to the cent.
    const rest = await refund(id, { amount: 48.17 });
    expect(rest.body).toMatchObject({ refundedAmount: '68.81', paymentStatus: 'refunded' });
    expect(rest.body.refunds.map((r: { amount: string }) => r.amount)).toEqual(['20.64', '48.17']);
    expect((await refund(id, { amount: '0.01' })).body).toEqual({
      message: 'This order has been refunded in full.',
      code: 'CONFLICT',
    });
  });

  it('never refunds more than what is left of the payment (409), and changes nothing then', async () => {
    const { oil, id } = await paidOrder();
    await refund(id, { amount: '60.00' });
    const over = await refund(id, { amount: '8.82', restock: [{ productId: oil.id, quantity: 1 }] });
    expect(over.body).toEqual({
      message: 'A refund can be at most $8.81, what is left of the $68.81 paid.',
      code: 'CONFLICT',
    });
    const spanish = await server.request('POST', `/api/orders/${id}/refunds`, {
      cookie: admin,
      body: { amount: '8.82' },
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.body.message).toBe(
      'Un reembolso puede ser como máximo de 8,81\u00a0US$, lo que queda de los 68,81\u00a0US$ pagados.',
    );
    expect(await stockOf(server, oil.id)).toBe(3);
    const [row] = await server.db.select().from(ordersTable).where(eq(ordersTable.id, id));
    expect([row!.refundedAmount, row!.paymentStatus]).toEqual(['60.00', 'partially_refunded']);
  });

  it('refuses bad input with a sentence (400) and restock beyond the order (409)', async () => {
    const { oil, id } = await paidOrder();
    const stranger = await product(server, admin, { name: `Stranger ${seq}`, inventory: 3 });
    const cases: [unknown, number, string][] = [
      [{}, 400, 'Amount is required'],
      [{ amount: 0 }, 400, 'Amount must be more than 0'],
      [{ amount: -5 }, 400, 'Amount must be more than 0'],
      [{ amount: '1.234' }, 400, 'Amount can have at most 2 decimal places'],
      [{ amount: 'lots' }, 400, 'Amount must be a number'],
      [{ amount: 1, reason: 'x'.repeat(501) }, 400, 'Reason must be at most 500 characters'],
      [{ amount: 1, restock: [{ productId: oil.id, quantity: 0 }] }, 400, 'Quantity must be at least 1'],
      [
        { amount: 1, restock: [{ productId: stranger.id, quantity: 1 }] },
        400,
        'Only products of this order can be restocked.',
      ],
      [
        { amount: 1, restock: [{ productId: oil.id, quantity: 3 }] },
        409,
        `Only 2 of Refund Oil ${seq} can be restocked.`,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await refund(id, body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect((await server.request('GET', `/api/orders/${id}`, { cookie: admin })).body.refunds).toEqual([]);
    // Lines restocked by earlier refunds count.
    await refund(id, { amount: 1, restock: [{ productId: oil.id, quantity: 2 }] });
    expect((await refund(id, { amount: 1, restock: [{ productId: oil.id, quantity: 1 }] })).body.message).toBe(
      `Refund Oil ${seq} has already been restocked in full.`,
    );
  });

  it('refunds only paid orders', async () => {
    const customer = await signInAs(server.database, 'customer');
    const oil = await product(server, admin, { name: `Unpaid Oil ${++seq}`, inventory: 5 });
    await addToCart(server, customer.cookie, oil.id);
    const placed = await server.request('POST', '/api/orders', { cookie: customer.cookie });
    expect((await refund(placed.body.id, { amount: 1 })).body).toEqual({
      message: 'Only a paid order can be refunded.',
      code: 'CONFLICT',
    });
    expect((await refund('00000000-0000-4000-8000-000000000000', { amount: 1 })).status).toBe(404);
  });

  it('lets only staff holding orders.refund refund', async () => {
    const { customer, id } = await paidOrder();
    const editor = await signInAs(server.database, 'employee', { permissions: ['orders.view', 'orders.edit'] });
    const refunder = await signInAs(server.database, 'employee', { permissions: ['orders.refund'] });
    expect((await server.request('POST', `/api/orders/${id}/refunds`, { body: { amount: 1 } })).status).toBe(401);
    expect((await refund(id, { amount: 1 }, customer.cookie)).status).toBe(403);
    expect((await refund(id, { amount: 1 }, editor.cookie)).status).toBe(403);
    expect((await refund(id, { amount: 1 }, refunder.cookie)).status).toBe(200);
  });

  it('refunds a card order through Stripe, the amount asked for, once per refund', async () => {
    const { id } = await paidOrder('stripe');
    const before = fake.calls.length;
    const res = await refund(id, { amount: '10.00', reason: 'Late delivery' });
    expect(res.body).toMatchObject({ refundedAmount: '10.00', paymentStatus: 'partially_refunded' });
    const calls = fake.calls.slice(before).filter((c) => c.path === '/v1/refunds');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body.get('amount')).toBe('1000');
    expect(calls[0]!.idempotencyKey).toBe(`refund-${res.body.refunds[0].id}`);
    // Cancelling the order refunds the rest through Stripe, recorded as the order's last refund.
    const cancelled = await server.request('PUT', `/api/orders/${id}/status`, {
      cookie: admin,
      body: { status: 'cancelled' },
    });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refundedAmount: '68.81' });
    expect(cancelled.body.refunds.map((r: { amount: string; reason: string }) => [r.amount, r.reason])).toEqual([
      ['10.00', 'Late delivery'],
      ['58.81', 'Order cancelled'],
    ]);
    const last = fake.calls.filter((c) => c.path === '/v1/refunds').at(-1)!;
    expect(last.body.get('amount')).toBe('5881');
  });

  it('cancelling after a restocking refund puts back only what is still out', async () => {
    const { oil, brush, id } = await paidOrder();
    await refund(id, { amount: '24.00', restock: [{ productId: oil.id, quantity: 1 }] });
    expect(await stockOf(server, oil.id)).toBe(4);
    await server.request('PUT', `/api/orders/${id}/status`, { cookie: admin, body: { status: 'cancelled' } });
    expect([await stockOf(server, oil.id), await stockOf(server, brush.id)]).toEqual([5, 5]);
  });
});

describe('the dashboard', () => {
  // Read from the service: the endpoint serves figures up to a few seconds old (figures-cache.ts).
  it("counts what was charged in the month's revenue: discounts taken off, refunds given back", async () => {
    const revenue = async () => toCents((await getDashboard(server.db)).monthRevenue);
    const before = await revenue();
    const { id } = await paidOrder();
    expect((await revenue()) - before).toBe(6881);
    await refund(id, { amount: '8.81' });
    expect((await revenue()) - before).toBe(6000);
    // An order with a discount counts its discounted total.
    const code = await server.request('POST', '/api/admin/discounts', {
      cookie: admin,
      body: { code: `HALF${Date.now().toString(36)}`.toUpperCase(), kind: 'percent', value: 50 },
    });
    const customer = await signInAs(server.database, 'customer');
    const oil = await product(server, admin, { name: `Half Oil ${++seq}`, price: '20.00', inventory: 5 });
    await addToCart(server, customer.cookie, oil.id);
    await server.request('POST', '/api/cart/discount', { cookie: customer.cookie, body: { code: code.body.code } });
    const placed = await server.request('POST', '/api/orders', { cookie: customer.cookie });
    expect(placed.body.total).toBe('11.00');
    expect((await revenue()) - before).toBe(6000 + 1100);
  });
});
