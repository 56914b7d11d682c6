import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orderItems, orders, products } from '../../db/schema/index';
import { signInAs, useTestServer } from '../testing/test-server';

const server = useTestServer();
let admin: string;
let customer: string;
let employee: string;
beforeAll(async () => {
  admin = (await signInAs(server.database, 'admin')).cookie;
  customer = (await signInAs(server.database, 'customer')).cookie;
  employee = (await signInAs(server.database, 'employee', { permissions: ['products.view'] })).cookie;
});

// The body the admin screen sends for POST /api/products (docs/catalogue.md), field for field.
const lavender = {
  name: 'Lavender Body Oil',
  description: 'Cold-pressed almond oil with French lavender.',
  price: '24.00',
  category: 'Body Care',
  inventory: 42,
  imageUrl: 'https://shop.example.com/images/lavender.jpg',
  isFeatured: true,
  isActive: true,
};

async function create(body: Record<string, unknown>, cookie = admin) {
  const res = await server.request('POST', '/api/products', { cookie, body });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string } & Record<string, unknown>;
}

/** A GET on the raw socket, to see the bytes and headers exactly as sent (fetch would decode them). */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest(`${server.baseUrl}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('POST /api/products', () => {
  it('creates a product from the fields the admin dialog sends and returns it', async () => {
    const product = await create(lavender);
    expect(product).toEqual({ id: expect.any(String), ...lavender, updatedAt: expect.any(String) });
  });

  it('accepts a numeric price and inventory given as text, normalising money to two decimals', async () => {
    const product = await create({ name: 'Candle', price: 19.9, inventory: '7' });
    expect(product).toMatchObject({
      price: '19.90',
      inventory: 7,
      description: '',
      category: '',
      imageUrl: null,
      isFeatured: false,
      isActive: true,
    });
    expect((await create({ name: 'Gift', price: '5' })).price).toBe('5.00');
  });

  it('defaults inventory to 0 and treats an empty image URL as none', async () => {
    expect(await create({ name: 'Sample', price: 0, imageUrl: '' })).toMatchObject({
      inventory: 0,
      imageUrl: null,
      price: '0.00',
    });
  });

  it('ignores unknown fields', async () => {
    const product = await create({
      name: 'Soap',
      price: '3.50',
      id: '11111111-1111-4111-8111-111111111111',
      surprise: true,
    });
    expect(product.id).not.toBe('11111111-1111-4111-8111-111111111111');
    expect(product).not.toHaveProperty('surprise');
  });

  it.each([
    [{ price: '10.00' }, 'Name is required', 'name'],
    [{ name: '   ', price: '10.00' }, 'Name is required', 'name'],
    [{ name: 'X' }, 'Price is required', 'price'],
    [{ name: 'X', price: '' }, 'Price is required', 'price'],
    [{ name: 'X', price: 'abc' }, 'Price must be a number', 'price'],
    [{ name: 'X', price: true }, 'Price must be a number', 'price'],
    [{ name: 'X', price: -1 }, 'Price must be 0 or more', 'price'],
    [{ name: 'X', price: '1.999' }, 'Price can have at most 2 decimal places', 'price'],
    [{ name: 'X', price: 1e12 }, 'Price must be at most 99999999.99', 'price'],
    [{ name: 'X', price: '1', inventory: -1 }, 'Inventory must be 0 or more', 'inventory'],
    [{ name: 'X', price: '1', inventory: 1.5 }, 'Inventory must be a whole number', 'inventory'],
    [{ name: 'X', price: '1', inventory: 'lots' }, 'Inventory must be a number', 'inventory'],
    [{ name: 'X', price: '1', imageUrl: 'not a url' }, 'Image URL must be a valid URL', 'imageUrl'],
    [{ name: 'X', price: '1', imageUrl: 'javascript:alert(1)' }, 'Image URL must be a valid URL', 'imageUrl'],
    [{ name: 'X'.repeat(201), price: '1' }, 'Name must be at most 200 characters', 'name'],
    [{ name: 'X', price: '1', isActive: 'yes' }, 'isActive must be true or false', 'isActive'],
  ])('refuses %j with a readable 400: %s', async (body, message, path) => {
    const before = (await server.request('GET', '/api/products', { cookie: admin })).body.length;
    const res = await server.request('POST', '/api/products', { cookie: admin, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'BAD_REQUEST', issues: [{ path, message }] });
    expect((await server.request('GET', '/api/products', { cookie: admin })).body.length).toBe(before);
  });

  it('needs products.create: 401 signed out, 403 for customers and employees without it', async () => {
    expect((await server.request('POST', '/api/products', { body: lavender })).status).toBe(401);
    expect((await server.request('POST', '/api/products', { cookie: customer, body: lavender })).status).toBe(403);
    expect((await server.request('POST', '/api/products', { cookie: employee, body: lavender })).status).toBe(403);
    const { cookie } = await signInAs(server.database, 'employee', { permissions: ['products.create'] });
    expect(
      (await server.request('POST', '/api/products', { cookie, body: { ...lavender, isFeatured: false } })).status,
    ).toBe(200);
  });

  it('needs products.featured to feature a product', async () => {
    const { cookie } = await signInAs(server.database, 'employee', { permissions: ['products.create'] });
    const res = await server.request('POST', '/api/products', { cookie, body: lavender });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "You don't have permission to feature products.", code: 'FORBIDDEN' });
    const allowed = await signInAs(server.database, 'employee', {
      permissions: ['products.create', 'products.featured'],
    });
    expect((await server.request('POST', '/api/products', { cookie: allowed.cookie, body: lavender })).status).toBe(
      200,
    );
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await server.request('POST', '/api/products', {
      cookie: admin,
      rawBody: 'name=X&price=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });
});

describe('GET /api/products, /api/products/featured, /api/products/{id}', () => {
  let hidden: { id: string };
  let featured: { id: string };
  beforeAll(async () => {
    hidden = await create({ name: 'Discontinued Balm', price: '9.00', isActive: false, isFeatured: true });
    featured = await create({ name: 'Featured Mask', price: '29.00', isFeatured: true, inventory: 3 });
  });

  it('shows customers and visitors active products only, with the fields the cards read', async () => {
    for (const cookie of [undefined, customer]) {
      const res = await server.request('GET', '/api/products', { cookie });
      expect(res.status).toBe(200);
      expect(res.body.every((p: { isActive: boolean }) => p.isActive)).toBe(true);
      expect(res.body.map((p: { id: string }) => p.id)).not.toContain(hidden.id);
      const mask = res.body.find((p: { id: string }) => p.id === featured.id);
      expect(Object.keys(mask).sort()).toEqual([
        'category',
        'description',
        'id',
        'imageUrl',
        'inventory',
        'isActive',
        'isFeatured',
        'name',
        'price',
        'updatedAt',
      ]);
    }
  });

  it('shows staff inactive products too', async () => {
    for (const cookie of [admin, employee]) {
      const ids = (await server.request('GET', '/api/products', { cookie })).body.map((p: { id: string }) => p.id);
      expect(ids).toContain(hidden.id);
    }
  });

  it('lists newest first', async () => {
    const ids = (await server.request('GET', '/api/products', { cookie: admin })).body.map((p: { id: string }) => p.id);
    expect(ids.indexOf(featured.id)).toBeLessThan(ids.indexOf(hidden.id));
  });

  it('lists active featured products for everyone, staff included', async () => {
    for (const cookie of [undefined, customer, admin]) {
      const res = await server.request('GET', '/api/products/featured', { cookie });
      expect(res.status).toBe(200);
      const ids = res.body.map((p: { id: string }) => p.id);
      expect(ids).toContain(featured.id);
      expect(ids).not.toContain(hidden.id);
      expect(res.body.every((p: { isFeatured: boolean; isActive: boolean }) => p.isFeatured && p.isActive)).toBe(true);
    }
  });

  it('reads one product; an inactive one is 404 except for staff', async () => {
    expect((await server.request('GET', `/api/products/${featured.id}`)).body).toMatchObject({
      id: featured.id,
      name: 'Featured Mask',
      price: '29.00',
    });
    const res = await server.request('GET', `/api/products/${hidden.id}`, { cookie: customer });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });
    expect((await server.request('GET', `/api/products/${hidden.id}`, { cookie: employee })).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await server.request('GET', '/api/products/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await server.request('GET', '/api/products/not-an-id')).status).toBe(404);
  });

  it('serves the same lists over tRPC', async () => {
    const rest = await server.request('GET', '/api/products', { cookie: customer });
    const trpc = await server.request('GET', '/api/trpc/products.list', { cookie: customer });
    expect(trpc.body.result.data).toEqual(rest.body);
    const featuredTrpc = await server.request('GET', '/api/trpc/products.featured');
    expect(featuredTrpc.body.result.data).toEqual((await server.request('GET', '/api/products/featured')).body);
  });
});

describe('caching: ETag, 304 and compression', () => {
  it('answers a matching If-None-Match with 304 and no body, and a changed catalogue with 200', async () => {
    const first = await server.request('GET', '/api/products');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('vary')).toBe('Accept-Encoding, Cookie, Authorization');

    const again = await server.request('GET', '/api/products', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    await create({ name: 'Brand New', price: '1.00' });
    const changed = await server.request('GET', '/api/products', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body[0].name).toBe('Brand New');
  });

  it('gives staff a different representation than customers', async () => {
    await create({ name: 'Hidden Thing', price: '1.00', isActive: false });
    const publicTag = (await server.request('GET', '/api/products')).headers.get('etag');
    const staffTag = (await server.request('GET', '/api/products', { cookie: admin })).headers.get('etag');
    expect(staffTag).not.toBe(publicTag);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('sends %s when accepted, decoding to the same JSON', async (encoding, decode) => {
    const plain = await rawGet('/api/products', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const packed = await rawGet('/api/products', { 'accept-encoding': `${encoding}` });
    expect(packed.status).toBe(200);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(packed.headers.etag).toBe(plain.headers.etag);
    expect(decode(packed.body).toString('utf8')).toBe(plain.body.toString('utf8'));
  });

  it('prefers brotli, honours q=0 and falls back to identity', async () => {
    expect(
      (await rawGet('/api/products', { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding'],
    ).toBe('br');
    expect((await rawGet('/api/products', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe(
      'gzip',
    );
    expect(
      (await rawGet('/api/products', { 'accept-encoding': 'identity' })).headers['content-encoding'],
    ).toBeUndefined();
  });

  it('compresses other large responses on the fly', async () => {
    const res = await rawGet('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString('utf8')).paths['/products']).toBeDefined();
  });
});

describe('PUT /api/products/{id}', () => {
  it('updates with the full body the edit dialog sends; the change shows at once', async () => {
    const product = await create(lavender);
    const body = { ...lavender, name: 'Lavender Oil XL', price: 31.5, inventory: '0', isFeatured: false };
    const res = await server.request('PUT', `/api/products/${product.id}`, { cookie: admin, body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...lavender,
      id: product.id,
      name: 'Lavender Oil XL',
      price: '31.50',
      inventory: 0,
      isFeatured: false,
      updatedAt: expect.any(String),
    });
    const listed = (await server.request('GET', '/api/products', { cookie: customer })).body.find(
      (p: { id: string }) => p.id === product.id,
    );
    expect(listed).toEqual(res.body);
    expect((await server.request('GET', '/api/products/featured')).body.map((p: { id: string }) => p.id)).not.toContain(
      product.id,
    );
  });

  it('keeps fields that are left out', async () => {
    const product = await create(lavender);
    const res = await server.request('PUT', `/api/products/${product.id}`, { cookie: admin, body: { inventory: 5 } });
    expect(res.body).toEqual({ ...lavender, id: product.id, inventory: 5, updatedAt: expect.any(String) });
    expect(res.body.updatedAt > String(product.updatedAt)).toBe(true);
  });

  it('hides a deactivated product from customers at once', async () => {
    const product = await create(lavender);
    expect(
      (await server.request('GET', '/api/products', { cookie: customer })).body.map((p: { id: string }) => p.id),
    ).toContain(product.id);
    await server.request('PUT', `/api/products/${product.id}`, { cookie: admin, body: { isActive: false } });
    expect(
      (await server.request('GET', '/api/products', { cookie: customer })).body.map((p: { id: string }) => p.id),
    ).not.toContain(product.id);
    expect((await server.request('GET', `/api/products/${product.id}`, { cookie: customer })).status).toBe(404);
  });

  it('validates like create and changes nothing when refused', async () => {
    const product = await create(lavender);
    const res = await server.request('PUT', `/api/products/${product.id}`, {
      cookie: admin,
      body: { ...lavender, name: '', price: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Name is required; Price must be a number');
    expect((await server.request('GET', `/api/products/${product.id}`)).body.name).toBe(lavender.name);
  });

  it('needs products.edit, and products.featured to change the featured flag', async () => {
    const product = await create({ ...lavender, isFeatured: false });
    expect(
      (await server.request('PUT', `/api/products/${product.id}`, { cookie: customer, body: { name: 'Hacked' } }))
        .status,
    ).toBe(403);
    const editor = (await signInAs(server.database, 'employee', { permissions: ['products.edit'] })).cookie;
    expect(
      (
        await server.request('PUT', `/api/products/${product.id}`, {
          cookie: editor,
          body: { name: 'Renamed', isFeatured: false },
        })
      ).status,
    ).toBe(200);
    const res = await server.request('PUT', `/api/products/${product.id}`, {
      cookie: editor,
      body: { isFeatured: true },
    });
    expect(res.status).toBe(403);
    expect((await server.request('GET', `/api/products/${product.id}`)).body).toMatchObject({
      name: 'Renamed',
      isFeatured: false,
    });
  });

  it('answers 404 for an unknown product', async () => {
    const res = await server.request('PUT', '/api/products/00000000-0000-4000-8000-000000000000', {
      cookie: admin,
      body: lavender,
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Product not found');
  });
});

describe('DELETE /api/products/{id}', () => {
  it('deletes without a body, removes the product from carts and keeps order history intact', async () => {
    const product = await create({ ...lavender, inventory: 5 });
    const buyer = await signInAs(server.database, 'customer');
    expect(
      (
        await server.request('POST', '/api/cart', {
          cookie: buyer.cookie,
          body: { productId: product.id, quantity: 2 },
        })
      ).status,
    ).toBe(200);
    const [order] = await server.db.insert(orders).values({ userId: buyer.user.id, total: '48.00' }).returning();
    await server.db.insert(orderItems).values({
      orderId: order!.id,
      productId: product.id,
      productName: lavender.name,
      unitPrice: '24.00',
      quantity: 2,
    });

    const res = await server.request('DELETE', `/api/products/${product.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: product.id });

    expect((await server.request('GET', `/api/products/${product.id}`, { cookie: admin })).status).toBe(404);
    expect(
      (await server.request('GET', '/api/products', { cookie: admin })).body.map((p: { id: string }) => p.id),
    ).not.toContain(product.id);
    expect(await server.db.select().from(cartItems).where(eq(cartItems.userId, buyer.user.id))).toEqual([]);
    const lines = await server.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(lines).toEqual([
      expect.objectContaining({ productId: null, productName: lavender.name, unitPrice: '24.00', quantity: 2 }),
    ]);
    expect(
      (await server.db.select({ total: orders.total }).from(orders).where(eq(orders.id, order!.id)))[0]!.total,
    ).toBe('48.00');
  });

  it('needs products.delete and answers 404 for an unknown product', async () => {
    const product = await create(lavender);
    expect((await server.request('DELETE', `/api/products/${product.id}`)).status).toBe(401);
    expect((await server.request('DELETE', `/api/products/${product.id}`, { cookie: customer })).status).toBe(403);
    expect((await server.request('DELETE', `/api/products/${product.id}`, { cookie: employee })).status).toBe(403);
    expect(await server.db.select({ id: products.id }).from(products).where(eq(products.id, product.id))).toHaveLength(
      1,
    );
    expect(
      (await server.request('DELETE', '/api/products/00000000-0000-4000-8000-000000000000', { cookie: admin })).status,
    ).toBe(404);
  });
});
