import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { products } from '../../db/schema/index';
import type { TestServer } from './test-server';

/** What the orders contract tests share: products made through the API, carts filled through it, stock read back. */
export async function product(s: TestServer, adminCookie: string, body: Record<string, unknown>) {
  const res = await s.request('POST', '/api/products', { cookie: adminCookie, body: { price: '10.00', ...body } });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string; name: string; updatedAt: string };
}

export async function stockOf(s: TestServer, id: string) {
  const [row] = await s.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, id));
  return row!.inventory;
}

export async function addToCart(s: TestServer, cookie: string, productId: string, quantity = 1) {
  const res = await s.request('POST', '/api/cart', { cookie, body: { productId, quantity } });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string };
}

/** A Stripe webhook delivery, sent as Stripe sends it: the exact bytes that were signed, and the signature header. */
export function deliverWebhook(s: TestServer, delivery: { payload: string; signature: string }) {
  return s.request('POST', '/api/payments/stripe/webhook', {
    rawBody: delivery.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
  });
}
