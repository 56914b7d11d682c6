import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { products } from '../db/schema/index';

/** A product made for a journey, straight in the database. */
export async function addProduct(database: Database, name: string, price: string, inventory: number) {
  const [row] = await database.db
    .insert(products)
    .values({ name, price, inventory, description: 'Made for the checkout journey.', category: 'Journey' })
    .returning({ id: products.id });
  return row!.id;
}

/**
 * The customer finds a product in the shop and adds it to the cart, and the shop says so (`added`, the toast's
 * title in the customer's language). The click waits for the search to have taken: on a busy machine the list
 * first shows every product, and a click on it while the filtered list replaces it can be lost.
 */
export async function addToCartFromShop(page: Page, name: string, added = 'Added to Cart') {
  await page.goto('/products');
  await page.getByRole('searchbox').fill(name);
  const cards = page.getByTestId('product-card');
  await expect.poll(() => cards.count()).toBe(1);
  await cards.filter({ hasText: name }).getByRole('button').click();
  await page.getByRole('status').getByText(added).waitFor();
}
