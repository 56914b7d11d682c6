import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs, useTestServer } from '../testing/test-server';

const server = useTestServer();
let admin: string;
beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
});

async function product(body: Record<string, unknown>) {
  const res = await server.request('POST', '/api/products', {
    cookie: admin,
    body: { price: '12.50', imageUrl: 'https://shop.example.com/p.jpg', ...body },
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string; name: string };
}

describe('GET /api/cart and POST /api/cart', () => {
  it('needs a session', async () => {
    expect((await server.request('GET', '/api/cart')).status).toBe(401);
    const { id } = await product({ name: 'Soap', inventory: 5 });
    const res = await server.request('POST', '/api/cart', { body: { productId: id } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
  });

  it('starts empty, adds one by default and returns the item as the cart page reads it', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    expect((await server.request('GET', '/api/cart', { cookie })).body).toEqual([]);
    const soap = await product({ name: 'Lemon Soap', inventory: 5 });
    const res = await server.request('POST', '/api/cart', { cookie, body: { productId: soap.id } });
    expect(res.status).toBe(200);
    const item = {
      id: expect.any(String),
      productId: soap.id,
      quantity: 1,
      price: '12.50',
      product: {
        id: soap.id,
        name: 'Lemon Soap',
        imageUrl: 'https://shop.example.com/p.jpg',
        price: '12.50',
        inventory: 5,
      },
    };
    expect(res.body).toEqual(item);
    expect((await server.request('GET', '/api/cart', { cookie })).body).toEqual([item]);
  });

  it('raises the quantity of an existing line instead of adding a second one', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    const soap = await product({ name: 'Oat Soap', inventory: 10 });
    const first = await server.request('POST', '/api/cart', { cookie, body: { productId: soap.id, quantity: 2 } });
    const second = await server.request('POST', '/api/cart', { cookie, body: { productId: soap.id, quantity: '3' } });
    expect(second.body).toMatchObject({ id: first.body.id, quantity: 5 });
    const cart = (await server.request('GET', '/api/cart', { cookie })).body;
    expect(cart).toHaveLength(1);
    // The badge is the sum of quantities.
    expect(cart.reduce((sum: number, i: { quantity: number }) => sum + i.quantity, 0)).toBe(5);
  });

  it('never goes beyond the stock: 409 with a readable message, nothing changed', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    const serum = await product({ name: 'Serum', inventory: 3 });
    expect(
      (await server.request('POST', '/api/cart', { cookie, body: { productId: serum.id, quantity: 4 } })).body,
    ).toEqual({ message: 'Only 3 of Serum in stock.', code: 'CONFLICT' });
    expect(
      (await server.request('POST', '/api/cart', { cookie, body: { productId: serum.id, quantity: 2 } })).status,
    ).toBe(200);
    const res = await server.request('POST', '/api/cart', { cookie, body: { productId: serum.id, quantity: 2 } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only 3 of Serum in stock, and 2 already in your cart.');
    expect(
      (await server.request('POST', '/api/cart', { cookie, body: { productId: serum.id, quantity: 1 } })).body.quantity,
    ).toBe(3);
  });

  it('never holds more than 999 in one line, however it is added: 409 with a sentence, nothing changed', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    const pins = await product({ name: 'Pins', inventory: 5000 });
    const add = (quantity: number) =>
      server.request('POST', '/api/cart', { cookie, body: { productId: pins.id, quantity } });
    expect((await add(999)).status).toBe(200);
    const over = await add(1);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe('A cart line holds at most 999, and 999 of Pins are already in your cart.');
    expect((await server.request('GET', '/api/cart', { cookie })).body[0].quantity).toBe(999);
  });

  it('refuses an out-of-stock product with 409', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    const mask = await product({ name: 'Argan Hair Mask', inventory: 0 });
    const res = await server.request('POST', '/api/cart', { cookie, body: { productId: mask.id } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Argan Hair Mask is out of stock.');
    expect((await server.request('GET', '/api/cart', { cookie })).body).toEqual([]);
  });

  it('answers 404 for an unknown or inactive product, and hides lines whose product was deactivated', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    expect(
      (
        await server.request('POST', '/api/cart', {
          cookie,
          body: { productId: '00000000-0000-4000-8000-000000000000' },
        })
      ).status,
    ).toBe(404);
    expect((await server.request('POST', '/api/cart', { cookie, body: { productId: 'nonsense' } })).status).toBe(404);
    const retired = await product({ name: 'Retired', inventory: 5, isActive: false });
    expect((await server.request('POST', '/api/cart', { cookie, body: { productId: retired.id } })).body).toEqual({
      message: 'Product not found',
      code: 'NOT_FOUND',
    });

    const candle = await product({ name: 'Candle', inventory: 5 });
    await server.request('POST', '/api/cart', { cookie, body: { productId: candle.id } });
    await server.request('PUT', `/api/products/${candle.id}`, { cookie: admin, body: { isActive: false } });
    expect((await server.request('GET', '/api/cart', { cookie })).body).toEqual([]);
  });

  it('validates the quantity', async () => {
    const { cookie } = await signInAs(server.database, 'customer');
    const soap = await product({ name: 'Rose Soap', inventory: 5 });
    for (const [quantity, message] of [
      [0, 'Quantity must be at least 1'],
      [-2, 'Quantity must be at least 1'],
      [1.5, 'Quantity must be a whole number'],
      ['many', 'Quantity must be a number'],
      [1000, 'Quantity must be at most 999'],
    ] as const) {
      const res = await server.request('POST', '/api/cart', { cookie, body: { productId: soap.id, quantity } });
      expect([quantity, res.status, res.body.message]).toEqual([quantity, 400, message]);
    }
    expect((await server.request('POST', '/api/cart', { cookie, body: {} })).body.message).toBe(
      'productId is required',
    );
  });

  it("keeps every user's cart to themselves", async () => {
    const a = await signInAs(server.database, 'customer');
    const b = await signInAs(server.database, 'customer');
    const soap = await product({ name: 'Shared Soap', inventory: 5 });
    await server.request('POST', '/api/cart', { cookie: a.cookie, body: { productId: soap.id, quantity: 2 } });
    expect((await server.request('GET', '/api/cart', { cookie: b.cookie })).body).toEqual([]);
    // Stock is checked per cart: b may hold what a holds too; the order decides at checkout.
    expect(
      (await server.request('POST', '/api/cart', { cookie: b.cookie, body: { productId: soap.id, quantity: 5 } }))
        .status,
    ).toBe(200);
  });
});
