import type { Page } from 'playwright-core';
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

/** The customer finds a product in the shop and adds it to the cart. */
export async function addToCartFromShop(page: Page, name: string) {
  await page.goto('/products');
  await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
  const card = page.getByTestId('product-card').filter({ hasText: name });
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('status').getByText('Added to Cart').waitFor();
}
