import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { orders, products } from '../db/schema/index';
import { useE2eAppWithCheckoutStandIn } from './checkout-page-stand-in';
import { expectNoSeriousAxeViolations, screenshot, sessionCookieFor, type ViewportName } from './harness';
import { addProduct, addToCartFromShop } from './shop-steps';

// Card payments with Stripe configured (offline): the customer pays on Stripe's hosted Checkout page, played
// here by a stand-in that completes the session and delivers the signed webhook as Stripe does.
const { e2e, stripePage } = useE2eAppWithCheckoutStandIn();

const shoppers: Record<ViewportName, string> = {
  desktop: 'priya.shah@example.com',
  phone: 'noah.williams@example.com',
};

async function orderOf(page: Page) {
  const id = /\/orders\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  const [row] = await e2e.server.database.db
    .select({ status: orders.status, paymentStatus: orders.paymentStatus, reference: orders.paymentReference })
    .from(orders)
    .where(eq(orders.id, id));
  return row!;
}

async function stockOf(name: string) {
  const [row] = await e2e.server.database.db
    .select({ inventory: products.inventory })
    .from(products)
    .where(eq(products.name, name));
  return row!.inventory;
}

/**
 * A customer puts a new product in the cart, checks out with Card, places the order and arrives on the
 * payment page showing the amount to pay; shot names the checkout's screenshot.
 */
async function cardOrderOnPaymentPage(
  viewport: ViewportName,
  product: { name: string; price: string; inventory: number },
  amount: string,
  shot?: string,
) {
  await addProduct(e2e.server.database, product.name, product.price, product.inventory);
  const { context, page } = await e2e.open({
    viewport,
    cookie: await sessionCookieFor(e2e.server.database, shoppers[viewport]),
  });
  await addToCartFromShop(page, product.name);
  await page.goto('/checkout');
  await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
  await page.getByRole('radio', { name: /Card/ }).check();
  if (shot) {
    await screenshot(page, `${shot}-${viewport}`);
    await expectNoSeriousAxeViolations(page);
  }
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(`${stripePage.url}/c/pay/**`);
  await page.getByRole('button', { name: `Pay ${amount}` }).waitFor();
  return { context, page };
}

describe.each<ViewportName>(['desktop', 'phone'])('card payment on %s', (viewport) => {
  it('a customer chooses Card, pays on the payment page and comes back to a paid order', async () => {
    const oil = `Card Oil ${viewport}`;
    const { context, page } = await cardOrderOnPaymentPage(
      viewport,
      { name: oil, price: '12.50', inventory: 5 },
      '$13.75',
      'card-checkout',
    );
    await screenshot(page, `card-payment-page-${viewport}`);
    expect(await stockOf(oil)).toBe(4);

    // Stripe's confirmation is still on its way when the customer lands back on the order page.
    stripePage.hold();
    await page.getByRole('button', { name: 'Pay $13.75' }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]+\?payment=success$/);
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    await page.getByTestId('payment-note').getByText('Payment received, confirming…').waitFor();
    expect(await page.getByTestId('order-status').textContent()).toBe('pending');
    await screenshot(page, `card-confirming-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    // The webhook lands; the page, reading the order again, shows it paid and processing.
    await stripePage.release();
    await page.getByTestId('payment-note').getByText('Payment received. We are preparing your order.').waitFor();
    await page.getByTestId('order-status').getByText('processing').waitFor();
    await page.getByTestId('order-payment-status').getByText('Paid').waitFor();
    expect(await page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    await screenshot(page, `card-paid-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    expect(await orderOf(page)).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    await context.close();
  });

  it('a customer who goes back from the payment page without paying is told so, and pays later with Pay Now', async () => {
    const candle = `Card Candle ${viewport}`;
    const { context, page } = await cardOrderOnPaymentPage(
      viewport,
      { name: candle, price: '20.00', inventory: 3 },
      '$22.00',
    );
    const firstPage = page.url();

    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]+\?payment=cancelled$/);
    const panel = page.getByTestId('pay-now-panel');
    await panel.getByRole('heading', { name: 'Payment not completed' }).waitFor();
    await panel.getByText('Your card was not charged.', { exact: false }).waitFor();
    expect(await page.getByTestId('order-status').textContent()).toBe('pending');
    await screenshot(page, `card-cancelled-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    expect(await orderOf(page)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    expect(await stockOf(candle)).toBe(2);

    // Pay Now opens the same payment page again; this time the confirmation arrives before the customer is back.
    await panel.getByRole('button', { name: 'Pay Now' }).click();
    await page.waitForURL(firstPage);
    await page.getByRole('button', { name: 'Pay $22.00' }).click();
    await page.waitForURL(/\?payment=success$/);
    await page.getByTestId('payment-note').getByText('Payment received. We are preparing your order.').waitFor();
    await page.getByTestId('order-status').getByText('processing').waitFor();
    expect(await orderOf(page)).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    await context.close();
  });

  it('an order whose payment page expires unpaid is cancelled and its stock put back', async () => {
    const soap = `Card Soap ${viewport}`;
    const { context, page } = await cardOrderOnPaymentPage(
      viewport,
      { name: soap, price: '8.00', inventory: 2 },
      '$8.80',
    );
    const sessionId = page.url().split('/').at(-1)!;
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByTestId('pay-now-panel').waitFor();
    expect(await stockOf(soap)).toBe(1);

    await stripePage.expire(sessionId);
    await page.reload();
    await page
      .getByTestId('payment-failed-note')
      .getByText('This order was cancelled because its card payment was not completed.', { exact: false })
      .waitFor();
    await page.getByTestId('order-status').getByText('cancelled').waitFor();
    expect(await page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    await screenshot(page, `card-expired-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    expect(await stockOf(soap)).toBe(2);
    await context.close();
  });
});
