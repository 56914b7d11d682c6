import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { discountCodes } from '../../db/schema/index';
import { createStripeFake, paymentsWithStripeFake } from '../testing/stripe-fake';
import { queuedMail, signInAs, useTestServer } from '../testing/test-server';
import { addToCart, product, stockOf } from '../testing/orders';

// Discount codes over REST: staff manage them, customers apply one to the cart, the checkout counts its use.
const fake = createStripeFake();
const server = useTestServer({ payments: paymentsWithStripeFake(fake) });
let admin: string;
beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
});

let seq = 0;
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36)}${++seq}`.toUpperCase();

async function createCode(body: Record<string, unknown>) {
  const res = await server.request('POST', '/api/admin/discounts', { cookie: admin, body });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string; code: string; timesUsed: number };
}

/** A customer with `quantity` × a product at `price` in the cart. */
async function shopper(price = '20.00', quantity = 2, inventory = 9) {
  const customer = await signInAs(server.database, 'customer');
  const item = await product(server, admin, { name: `Discounted ${uniqueCode('p')}`, price, inventory });
  await addToCart(server, customer.cookie, item.id, quantity);
  return { ...customer, item };
}

const apply = (cookie: string, code: string) =>
  server.request('POST', '/api/cart/discount', { cookie, body: { code } });

describe('GET/POST/PUT/DELETE /api/admin/discounts', () => {
  it('creates a code stored upper-case with its defaults, lists it with times used, changes and deletes it', async () => {
    const code = uniqueCode('welcome');
    const created = await server.request('POST', '/api/admin/discounts', {
      cookie: admin,
      body: { code: code.toLowerCase(), kind: 'percent', value: 10 },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      code,
      kind: 'percent',
      value: '10.00',
      minSubtotal: null,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perCustomerLimit: 1,
      isActive: true,
      timesUsed: 0,
      createdAt: expect.any(String),
    });
    const list = await server.request('GET', '/api/admin/discounts', { cookie: admin });
    expect(list.body.find((d: { id: string }) => d.id === created.body.id)).toEqual(created.body);

    const changed = await server.request('PUT', `/api/admin/discounts/${created.body.id}`, {
      cookie: admin,
      body: {
        code,
        kind: 'fixed',
        value: '5.50',
        minSubtotal: '30',
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: '2099-01-01T00:00:00Z',
        usageLimit: 100,
        perCustomerLimit: 2,
        isActive: false,
      },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({
      kind: 'fixed',
      value: '5.50',
      minSubtotal: '30.00',
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2099-01-01T00:00:00.000Z',
      usageLimit: 100,
      perCustomerLimit: 2,
      isActive: false,
    });

    const removed = await server.request('DELETE', `/api/admin/discounts/${created.body.id}`, { cookie: admin });
    expect(removed.body).toEqual({ success: true, id: created.body.id });
    expect((await server.request('DELETE', `/api/admin/discounts/${created.body.id}`, { cookie: admin })).status).toBe(
      404,
    );
  });

  it('PUT changes only the fields it names, null clears one, and the rules hold for the code as it would be', async () => {
    const code = uniqueCode('partial');
    const created = await createCode({
      code,
      kind: 'percent',
      value: 20,
      minSubtotal: '50',
      startsAt: '2026-01-01T00:00:00Z',
      usageLimit: 10,
    });
    const put = (body: Record<string, unknown>) =>
      server.request('PUT', `/api/admin/discounts/${created.id}`, { cookie: admin, body });
    const off = await put({ isActive: false });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({
      code,
      kind: 'percent',
      value: '20.00',
      minSubtotal: '50.00',
      startsAt: '2026-01-01T00:00:00.000Z',
      usageLimit: 10,
      isActive: false,
    });
    const cleared = await put({ minSubtotal: null, usageLimit: null });
    expect(cleared.body).toMatchObject({ minSubtotal: null, usageLimit: null, value: '20.00', isActive: false });

    // 150 alone is checked against the stored kind, an end against the stored start.
    const tooMuch = await put({ value: 150 });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([400, 'A percent discount is from 1 to 100']);
    const early = await put({ endsAt: '2025-12-31T00:00:00Z' });
    expect([early.status, early.body.message]).toEqual([400, 'The end must be after the start']);
    const fixed = await put({ kind: 'fixed', value: '150' });
    expect(fixed.body).toMatchObject({ kind: 'fixed', value: '150.00', endsAt: null });
    const list = await server.request('GET', '/api/admin/discounts', { cookie: admin });
    expect(list.body.find((d: { id: string }) => d.id === created.id)).toEqual(fixed.body);
  });

  it('refuses a duplicate code in any case (409) and bad settings (400 with a sentence), changing nothing', async () => {
    const code = uniqueCode('dup');
    await createCode({ code, kind: 'fixed', value: 5 });
    const again = await server.request('POST', '/api/admin/discounts', {
      cookie: admin,
      body: { code: code.toLowerCase(), kind: 'percent', value: 5 },
    });
    expect(again.body).toEqual({ message: `A discount code ${code} already exists.`, code: 'CONFLICT' });
    const bad: [Record<string, unknown>, string][] = [
      [{ code: 'ab', kind: 'percent', value: 10 }, 'A code is 3 to 32 letters, digits, - or _'],
      [{ code: 'SPACE CODE', kind: 'percent', value: 10 }, 'A code is 3 to 32 letters, digits, - or _'],
      [{ code: 'X'.repeat(33), kind: 'percent', value: 10 }, 'A code is 3 to 32 letters, digits, - or _'],
      [{ code: 'PCT150', kind: 'percent', value: 150 }, 'A percent discount is from 1 to 100'],
      [{ code: 'PCT0', kind: 'percent', value: 0.5 }, 'A percent discount is from 1 to 100'],
      [{ code: 'FIXED0', kind: 'fixed', value: 0 }, 'A fixed discount must be more than 0'],
      [{ code: 'KIND', kind: 'bogo', value: 5 }, 'Kind must be percent or fixed'],
      [{ code: 'MONEY', kind: 'fixed', value: '1.234' }, 'Value can have at most 2 decimal places'],
      [
        { code: 'DATES', kind: 'fixed', value: 5, startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' },
        'The end must be after the start',
      ],
      // Instants (format: date-time): a bare date is refused, not read as some midnight.
      [{ code: 'DAY', kind: 'fixed', value: 5, startsAt: '2026-02-01' }, 'Start must be a date and time'],
      [{ code: 'LIMIT', kind: 'fixed', value: 5, usageLimit: 0 }, 'Usage limit must be at least 1'],
      [{ code: 'PER', kind: 'fixed', value: 5, perCustomerLimit: 1.5 }, 'Per-customer limit must be a whole number'],
    ];
    for (const [body, message] of bad) {
      const res = await server.request('POST', '/api/admin/discounts', { cookie: admin, body });
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    const codes = (await server.db.select({ code: discountCodes.code }).from(discountCodes)).map((r) => r.code);
    expect(codes).not.toContain('PCT150');
  });

  it('lets only staff holding orders.edit in', async () => {
    const viewer = await signInAs(server.database, 'employee', { permissions: ['orders.view'] });
    const editor = await signInAs(server.database, 'employee', { permissions: ['orders.edit'] });
    const customer = await signInAs(server.database, 'customer');
    expect((await server.request('GET', '/api/admin/discounts')).status).toBe(401);
    expect((await server.request('GET', '/api/admin/discounts', { cookie: customer.cookie })).status).toBe(403);
    expect((await server.request('GET', '/api/admin/discounts', { cookie: viewer.cookie })).status).toBe(403);
    expect(
      (
        await server.request('POST', '/api/admin/discounts', {
          cookie: viewer.cookie,
          body: { code: 'NOPE', kind: 'fixed', value: 1 },
        })
      ).status,
    ).toBe(403);
    expect((await server.request('GET', '/api/admin/discounts', { cookie: editor.cookie })).status).toBe(200);
  });
});

describe('POST and DELETE /api/cart/discount', () => {
  it('prices the cart with the code: discount on the subtotal, tax on what is left; removing it prices it again', async () => {
    const code = (await createCode({ code: uniqueCode('ten'), kind: 'percent', value: 15 })).code;
    // 2 × 16.65 = 33.30; 15 % = 4.995 → 5.00; tax 10 % of 28.30 = 2.83; total 31.13.
    const { cookie, item } = await shopper('16.65', 2);
    const res = await apply(cookie, ` ${code.toLowerCase()} `);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      items: [expect.objectContaining({ productId: item.id, quantity: 2, price: '16.65' })],
      subtotal: '33.30',
      discount: { code, amount: '5.00', problem: null },
      shipping: '0.00',
      tax: '2.83',
      total: '31.13',
      giftCard: null,
      amountDue: '31.13',
    });
    expect((await server.request('GET', '/api/cart/summary', { cookie })).body).toEqual(res.body);
    // GET /api/cart stays the list of lines.
    expect((await server.request('GET', '/api/cart', { cookie })).body).toEqual(res.body.items);
    const removed = await server.request('DELETE', '/api/cart/discount', { cookie });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ subtotal: '33.30', discount: null, tax: '3.33', total: '36.63' });
    // Nothing to remove is fine too.
    expect((await server.request('DELETE', '/api/cart/discount', { cookie })).status).toBe(200);
  });

  it('caps a fixed code at the subtotal: the order is free, and paid as it is placed', async () => {
    const code = (await createCode({ code: uniqueCode('big'), kind: 'fixed', value: 50 })).code;
    const { cookie } = await shopper('9.99', 1);
    expect((await apply(cookie, code)).body).toMatchObject({
      subtotal: '9.99',
      discount: { code, amount: '9.99' },
      tax: '0.00',
      total: '0.00',
    });
    const placed = await server.request('POST', '/api/orders', { cookie, body: { paymentMethod: 'stripe' } });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body).toMatchObject({ total: '0.00', paymentStatus: 'paid', status: 'processing' });
    expect(placed.body.paymentUrl).toBeUndefined();
  });

  it('refuses unknown, inactive, early, expired, used-up and below-minimum codes with a sentence', async () => {
    const { cookie } = await shopper('20.00', 1);
    const cases: [Record<string, unknown> | null, number, string][] = [
      [null, 400, 'This discount code does not exist.'],
      [{ isActive: false }, 400, 'This discount code is not active.'],
      [{ startsAt: '2098-01-01T00:00:00Z' }, 400, 'This discount code is not valid yet.'],
      [{ endsAt: '2020-01-01T00:00:00Z' }, 400, 'This discount code has expired.'],
      [{ minSubtotal: '25.00' }, 400, 'This discount code needs a subtotal of at least $25.00.'],
    ];
    for (const [settings, status, message] of cases) {
      const code = settings
        ? (await createCode({ code: uniqueCode('no'), kind: 'fixed', value: 5, ...settings })).code
        : 'NO-SUCH-CODE';
      const res = await apply(cookie, code);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    const usedUp = await createCode({ code: uniqueCode('once'), kind: 'fixed', value: 5, usageLimit: 1 });
    await server.db.update(discountCodes).set({ timesUsed: 1 }).where(eq(discountCodes.id, usedUp.id));
    expect((await apply(cookie, usedUp.code)).body).toEqual({
      message: 'This discount code has been used up.',
      code: 'CONFLICT',
    });
    expect((await apply(cookie, 'a')).status).toBe(400);
    expect((await server.request('POST', '/api/cart/discount', { cookie, body: {} })).body.message).toBe(
      'Code is required',
    );
    expect((await server.request('GET', '/api/cart/summary', { cookie })).body.discount).toBeNull();
  });
});

describe('checkout with a discount code', () => {
  it('writes the discount on the order, counts the use once per customer and gives it back on cancel', async () => {
    const created = await createCode({ code: uniqueCode('once'), kind: 'percent', value: 10 });
    const { cookie, user, item } = await shopper('24.00', 2);
    await apply(cookie, created.code);
    const res = await server.request('POST', '/api/orders', { cookie });
    expect(res.status, res.text).toBe(200);
    // 48.00 - 4.80 = 43.20; tax 4.32; total 47.52.
    expect(res.body).toMatchObject({
      subtotal: '48.00',
      discountCode: created.code,
      discount: '4.80',
      tax: '4.32',
      total: '47.52',
    });
    const [mail] = await queuedMail(server.db, user.email);
    expect(mail!.text).toContain(`Discount (${created.code}): -$4.80`);
    expect(mail!.text).toContain('Total: $47.52');
    expect((await server.request('GET', `/api/orders/${res.body.id}`, { cookie })).body).toMatchObject({
      discountCode: created.code,
      discount: '4.80',
    });
    const timesUsed = async () =>
      (await server.request('GET', '/api/admin/discounts', { cookie: admin })).body.find(
        (d: { id: string }) => d.id === created.id,
      ).timesUsed;
    expect(await timesUsed()).toBe(1);
    // The cart is empty and carries no code any more; the same customer cannot use it twice.
    expect((await server.request('GET', '/api/cart/summary', { cookie })).body.discount).toBeNull();
    await addToCart(server, cookie, item.id, 1);
    expect((await apply(cookie, created.code)).body).toEqual({
      message: 'You have already used this discount code.',
      code: 'CONFLICT',
    });
    // Cancelling the order gives the use back.
    await server.request('PUT', `/api/orders/${res.body.id}/status`, { cookie: admin, body: { status: 'cancelled' } });
    expect(await timesUsed()).toBe(1 - 1);
    expect((await apply(cookie, created.code)).status).toBe(200);
  });

  it('refuses with 409 "This discount code has been used up." when the last use went meanwhile, and changes nothing', async () => {
    const created = await createCode({ code: uniqueCode('last'), kind: 'fixed', value: 5, usageLimit: 1 });
    const first = await shopper('20.00', 1, 5);
    const second = await shopper('20.00', 3, 5);
    await apply(first.cookie, created.code);
    await apply(second.cookie, created.code);
    expect((await server.request('POST', '/api/orders', { cookie: first.cookie })).status).toBe(200);
    const refused = await server.request('POST', '/api/orders', { cookie: second.cookie });
    expect(refused.body).toEqual({ message: 'This discount code has been used up.', code: 'CONFLICT' });
    expect(await stockOf(server, second.item.id)).toBe(5);
    expect((await server.request('GET', '/api/cart', { cookie: second.cookie })).body).toHaveLength(1);
    expect((await server.request('GET', '/api/orders', { cookie: second.cookie })).body).toEqual([]);
    // The cart says why, and the payment can't be opened either; removing the code lets the customer check out.
    expect((await server.request('GET', '/api/cart/summary', { cookie: second.cookie })).body).toMatchObject({
      discount: { code: created.code, amount: '0.00', problem: 'This discount code has been used up.' },
      total: '66.00',
    });
    expect((await server.request('POST', '/api/create-payment-intent', { cookie: second.cookie })).status).toBe(409);
    await server.request('DELETE', '/api/cart/discount', { cookie: second.cookie });
    const paid = await server.request('POST', '/api/orders', { cookie: second.cookie });
    expect(paid.body).toMatchObject({ total: '66.00', discount: '0.00', discountCode: null });
  });

  it('refuses a code the cart fell below the minimum of, never changing the price silently', async () => {
    const created = await createCode({ code: uniqueCode('min'), kind: 'fixed', value: 5, minSubtotal: 30 });
    const { cookie } = await shopper('20.00', 2);
    await apply(cookie, created.code);
    const [line] = (await server.request('GET', '/api/cart', { cookie })).body;
    await server.request('PUT', `/api/cart/${line.id}`, { cookie, body: { quantity: 1 } });
    expect((await server.request('POST', '/api/orders', { cookie })).body).toEqual({
      message: 'This discount code needs a subtotal of at least $30.00.',
      code: 'CONFLICT',
    });
    // Said in the request's language, the amount written as that language writes money.
    const spanish = { cookie, headers: { 'accept-language': 'es' } };
    const said = 'Este código de descuento necesita un subtotal de al menos 30,00\u00a0US$.';
    expect((await server.request('POST', '/api/orders', spanish)).body).toEqual({ message: said, code: 'CONFLICT' });
    expect((await server.request('GET', '/api/cart/summary', spanish)).body.discount.problem).toBe(said);
    expect((await server.request('GET', '/api/cart/summary', { cookie })).body.discount.problem).toBe(
      'This discount code needs a subtotal of at least $30.00.',
    );
  });

  it('charges the discounted total by card: the payment intent and the Stripe Checkout page', async () => {
    const created = await createCode({ code: uniqueCode('card'), kind: 'percent', value: 25, perCustomerLimit: 5 });
    const { cookie } = await shopper('20.00', 2);
    await apply(cookie, created.code);
    // 40.00 - 10.00 = 30.00; tax 3.00; total 33.00.
    const intent = await server.request('POST', '/api/create-payment-intent', { cookie, body: { amount: 40 } });
    expect(intent.body).toMatchObject({ amount: '33.00', subtotal: '40.00', tax: '3.00' });
    expect(fake.intents.get(intent.body.paymentIntentId)!.amount).toBe(3300);
    const placed = await server.request('POST', '/api/orders', { cookie, body: { paymentMethod: 'stripe' } });
    expect(placed.status, placed.text).toBe(200);
    expect(placed.body).toMatchObject({ total: '33.00', discount: '10.00', discountCode: created.code });
    const session = [...fake.sessions.values()].at(-1)!;
    expect(session.amount_total).toBe(3300);
  });
});
