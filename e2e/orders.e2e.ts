import { count, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, products, users } from '../db/schema/index';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { screenshot, sessionCookieFor, useE2eApp, type ViewportName, expectNoSeriousAxeViolations } from './harness';
import { addProduct as addProductTo, addToCartFromShop } from './shop-steps';

const e2e = useE2eApp();
let adminCookie: string;
beforeAll(async () => {
  adminCookie = await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL);
});

// Each viewport has its own customers and products, so the two runs never meet.
const shoppers: Record<ViewportName, { buyer: string; rival: string }> = {
  desktop: { buyer: 'priya.shah@example.com', rival: 'sam.taylor@example.com' },
  phone: { buyer: 'noah.williams@example.com', rival: 'emma.brown@example.com' },
};

const addProduct = (name: string, price: string, inventory: number) =>
  addProductTo(e2e.server.database, name, price, inventory);

/** A line of the cart page, by product name. */
const cartLine = (page: Page, name: string) => page.getByTestId('cart-item').filter({ hasText: name });

describe.each<ViewportName>(['desktop', 'phone'])('cart, checkout and orders on %s', (viewport) => {
  const oil = `Journey Oil ${viewport}`;
  const candle = `Journey Candle ${viewport}`;
  const scarce = `Last Lantern ${viewport}`;
  let orderNumber = '';

  it('a customer adds two products, changes quantities, removes one, checks out and sees the confirmation', async () => {
    await addProduct(oil, '12.50', 5);
    await addProduct(candle, '20.00', 8);
    const cookie = await sessionCookieFor(e2e.server.database, shoppers[viewport].buyer);
    const { context, page } = await e2e.open({ viewport, cookie });

    await page.goto('/cart');
    await page.getByText('Your cart is empty').waitFor();
    await page.getByRole('link', { name: 'Browse Products' }).waitFor();
    await screenshot(page, `orders-cart-empty-${viewport}`);

    await addToCartFromShop(page, oil);
    await addToCartFromShop(page, candle);
    await page.goto('/cart');
    const oilLine = cartLine(page, oil);
    await oilLine.waitFor();
    // At 1 the minus button is disabled; plus raises it; typing sets it; never beyond the stock of 5.
    expect(await oilLine.getByRole('button', { name: `Decrease quantity of ${oil}` }).isDisabled()).toBe(true);
    await oilLine.getByRole('button', { name: `Increase quantity of ${oil}` }).click();
    await expect.poll(() => oilLine.getByTestId('line-total').textContent()).toBe('$25.00');
    const box = oilLine.getByLabel(`Quantity of ${oil}`, { exact: true });
    await box.fill('9');
    await box.blur();
    await expect.poll(() => box.inputValue()).toBe('5');
    expect(await oilLine.getByRole('button', { name: `Increase quantity of ${oil}` }).isDisabled()).toBe(true);
    await box.fill('3');
    await box.blur();
    await expect.poll(() => oilLine.getByTestId('line-total').textContent()).toBe('$37.50');
    await expect.poll(() => page.getByTestId('summary-subtotal').textContent()).toBe('$57.50');
    expect(await page.getByTestId('summary-shipping').textContent()).toBe('Free');
    expect(await page.getByTestId('summary-tax').textContent()).toBe('$5.75');
    expect(await page.getByTestId('summary-total').textContent()).toBe('$63.25');
    await screenshot(page, `orders-cart-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    await cartLine(page, candle)
      .getByRole('button', { name: `Remove ${candle}` })
      .click();
    await page.getByRole('status').getByText('Item Removed').waitFor();
    await page.getByText('Item has been removed from your cart.').waitFor();
    await cartLine(page, candle).waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('summary-total').textContent()).toBe('$41.25');

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await page.getByTestId('checkout-item').filter({ hasText: oil }).getByText('3 × $12.50').waitFor();
    expect(await page.getByRole('radio', { name: /Pay on pickup/ }).isChecked()).toBe(true);
    await screenshot(page, `orders-checkout-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Place Order' }).click();

    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    orderNumber = ((await page.getByTestId('order-number').textContent()) ?? '').replace('#', '');
    expect(orderNumber).toMatch(/^[0-9a-f-]{8}$/);
    expect(page.url()).toContain(orderNumber);
    await page.getByText('$41.25').first().waitFor();
    await screenshot(page, `orders-confirmation-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    // The profile's order history lists it first.
    await page.getByRole('link', { name: 'View Order History' }).click();
    await page.waitForURL('**/profile');
    await page.getByTestId('order-history-item').first().filter({ hasText: orderNumber }).waitFor();
    await screenshot(page, `orders-profile-history-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    // The cart is empty now and the stock was taken.
    await page.goto('/cart');
    await page.getByText('Your cart is empty').waitFor();
    const [row] = await e2e.server.database.db
      .select({ inventory: products.inventory })
      .from(products)
      .where(eq(products.name, oil));
    expect(row!.inventory).toBe(2);
    await context.close();
  });

  it('staff find the order, move it to processing and completed', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await page.goto('/admin/orders');
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await page.getByTestId('admin-order-row').first().waitFor();
    await screenshot(page, `orders-admin-list-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill(orderNumber);
    await expect.poll(() => page.getByTestId('admin-order-row').count()).toBe(1);
    await page.getByRole('link', { name: `#${orderNumber}` }).click();
    await page.getByRole('heading', { name: `Order #${orderNumber}` }).waitFor();
    await page.getByTestId('order-customer').waitFor();
    await screenshot(page, `orders-admin-detail-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Mark Processing' }).click();
    await page.getByRole('status').getByText('Order Updated').waitFor();
    await page.getByTestId('order-status').getByText('processing').waitFor();
    await page.getByRole('button', { name: 'Mark Paid' }).click();
    await page.getByTestId('payment-status').getByText('paid').waitFor();
    await page.getByRole('button', { name: 'Mark Completed' }).click();
    await page.getByTestId('order-status').getByText('completed').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel Order' }).count()).toBe(0);
    await screenshot(page, `orders-admin-completed-${viewport}`);

    // Back in the list, filtered by status.
    await page.getByRole('link', { name: 'Back to Orders' }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Completed' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(orderNumber);
    await page.getByTestId('admin-order-row').filter({ hasText: orderNumber }).getByText('completed').waitFor();
    await context.close();
  });

  it('staff page through older orders, fifty at a time', async () => {
    // Enough old orders that the list needs three pages (placed years ago, so they come last).
    const [customer] = await e2e.server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, shoppers[viewport].buyer));
    await e2e.server.database.db.insert(orders).values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: customer!.id,
        subtotal: '10.00',
        tax: '1.00',
        total: '11.00',
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)),
      })),
    );
    const [{ total }] = (await e2e.server.database.db.select({ total: count() }).from(orders)) as [{ total: number }];
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await page.goto('/admin/orders');
    const rows = page.getByTestId('admin-order-row');
    await expect.poll(() => rows.count()).toBe(50);
    const older = page.getByRole('button', { name: 'Show older orders' });
    await older.scrollIntoViewIfNeeded();
    await screenshot(page, `orders-admin-older-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    // The button reads 'Loading…' while the next page is on its way.
    const olderOrLoading = page.getByRole('button', { name: /^(Show older orders|Loading…)$/ });
    while (await older.isVisible()) {
      const shown = await rows.count();
      await older.click();
      // The last page may be empty (the total a multiple of fifty): then only the button goes.
      await expect.poll(async () => (await rows.count()) > shown || !(await olderOrLoading.isVisible())).toBe(true);
    }
    expect(await rows.count()).toBe(total);
    await rows.last().getByText('$11.00').waitFor();
    await context.close();
  });

  it('a checkout that loses the race shows Checkout Failed with the product name, and the cart shows what is left', async () => {
    await addProduct(scarce, '30.00', 1);
    const cookie = await sessionCookieFor(e2e.server.database, shoppers[viewport].buyer);
    const rivalCookie = await sessionCookieFor(e2e.server.database, shoppers[viewport].rival);
    const { context, page } = await e2e.open({ viewport, cookie });
    await addToCartFromShop(page, scarce);
    await page.goto('/checkout');
    await page.getByTestId('checkout-item').filter({ hasText: scarce }).waitFor();

    // Meanwhile someone else buys the last one.
    const [product] = await e2e.server.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.name, scarce));
    const headers = { cookie: rivalCookie, 'content-type': 'application/json' };
    expect(
      (
        await fetch(`${e2e.server.baseUrl}/api/cart`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ productId: product!.id }),
        })
      ).status,
    ).toBe(200);
    expect(
      (await fetch(`${e2e.server.baseUrl}/api/orders`, { method: 'POST', headers: { cookie: rivalCookie } })).status,
    ).toBe(200);

    await page.getByRole('button', { name: 'Place Order' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Checkout Failed' });
    await toast.waitFor();
    await toast.getByText(`${scarce} is out of stock.`).waitFor();
    await page.getByTestId('checkout-item').filter({ hasText: scarce }).getByText('Out of stock').waitFor();
    await screenshot(page, `orders-checkout-failed-${viewport}`);
    await page.goto('/cart');
    await cartLine(page, scarce).getByText('Out of stock').waitFor();
    await context.close();
  });
});
