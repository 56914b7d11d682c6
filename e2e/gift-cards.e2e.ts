import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { expectNoSeriousAxeViolations, screenshot, sessionCookieFor, useE2eApp, type ViewportName } from './harness';
import { addProduct, addToCartFromShop } from './shop-steps';

const e2e = useE2eApp();

// Each viewport has its own buyer, friend and product, so the two runs never meet.
const people: Record<ViewportName, { buyer: string; friend: string }> = {
  desktop: { buyer: 'sam.taylor@example.com', friend: 'emma.brown@example.com' },
  phone: { buyer: 'lucas.garcia@example.com', friend: 'olivia.martin@example.com' },
};

describe.each<ViewportName>(['desktop', 'phone'])('gift cards on %s', (viewport) => {
  const { buyer, friend } = people[viewport];
  const soap = `Gift Journey Soap ${viewport}`;
  let code = '';

  it('a customer buys a card for a friend; once staff record the payment, she sees its code on the order', async () => {
    const buyerCookie = await sessionCookieFor(e2e.server.database, buyer);
    const { context, page } = await e2e.open({ viewport, cookie: buyerCookie });
    await page.goto('/products');
    const buy = page.getByTestId('buy-gift-card');
    await buy.getByRole('heading', { name: 'Buy a gift card' }).waitFor();
    await buy.getByLabel('Amount').fill('4');
    await buy.getByLabel("Recipient's e-mail").fill(friend);
    await buy.getByLabel('Message (optional)').fill('Enjoy a treat!');
    await buy.getByRole('button', { name: 'Buy gift card' }).click();
    await buy.getByText('A gift card is from 5.00 to 500.00').waitFor();
    await screenshot(page, `gift-card-buy-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await buy.getByLabel('Amount').fill('40');
    await buy.getByRole('button', { name: 'Buy gift card' }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]+$/);
    const orderId = page.url().split('/').at(-1)!;
    await page.getByTestId('bought-gift-card').getByText('once this order is paid').waitFor();

    // Staff record the payment at the counter.
    const adminCookie = await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL);
    const staff = await e2e.open({ viewport, cookie: adminCookie });
    await staff.page.goto(`/admin/orders/${orderId}`);
    await staff.page.getByRole('button', { name: 'Mark Paid' }).click();
    await staff.page.getByTestId('gift-card-code').waitFor();
    await staff.context.close();

    await page.reload();
    const shown = page.getByTestId('gift-card-code');
    code = (await shown.textContent())!.trim();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    await page.getByText(`Sent to ${friend}.`).waitFor();
    await screenshot(page, `gift-card-order-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  it('the friend checks the balance, then spends part of the card in her cart', async () => {
    await addProduct(e2e.server.database, soap, '12.00', 5);
    const { context, page } = await e2e.open({ viewport, cookie: await sessionCookieFor(e2e.server.database, friend) });
    await page.goto('/products');
    const check = page.getByTestId('gift-card-balance');
    await check.getByLabel('Gift card code').fill(code.toLowerCase());
    await check.getByRole('button', { name: 'Check balance' }).click();
    await check.getByText('Balance: $40.00').waitFor();

    await addToCartFromShop(page, soap);
    await page.goto('/cart');
    const summary = page.getByTestId('order-summary');
    await summary.getByRole('textbox', { name: 'Gift card' }).fill('NOT-A-CODE');
    await summary.getByRole('button', { name: 'Apply gift card' }).click();
    await summary.getByText('Gift card not found').waitFor();
    await summary.getByRole('textbox', { name: 'Gift card' }).fill(code);
    await summary.getByRole('button', { name: 'Apply gift card' }).click();
    await summary.getByTestId('applied-gift-card').waitFor();
    const total = (await summary.getByTestId('summary-total').textContent())!;
    expect(await summary.getByTestId('summary-gift-card').textContent()).toBe(`−${total}`);
    expect(await summary.getByTestId('summary-amount-due').textContent()).toBe('$0.00');
    await screenshot(page, `gift-card-cart-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    await summary.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]+$/);
    await page.getByTestId('summary-gift-card').waitFor();
    await context.close();
  });

  it('staff see the card with its ledger: issued for the purchase, spent on the order', async () => {
    const { context, page } = await e2e.open({
      viewport,
      cookie: await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL),
    });
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Gift Cards' })
      .dispatchEvent('click');
    await page.getByRole('heading', { name: 'Gift cards', level: 1 }).waitFor();
    const card = page.getByTestId('gift-card').filter({ hasText: code });
    await card.waitFor();
    await screenshot(page, `gift-cards-list-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await card.getByRole('link', { name: `Ledger ${code}` }).click();
    await page.getByRole('heading', { name: code, level: 1 }).waitFor();
    const lines = page.getByTestId('ledger-line');
    await expect.poll(() => lines.count()).toBe(2);
    expect(await lines.nth(0).textContent()).toContain('Issued');
    expect(await lines.nth(0).getByTestId('ledger-amount').textContent()).toBe('+$40.00');
    expect(await lines.nth(1).textContent()).toContain('Spent');
    await screenshot(page, `gift-card-ledger-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });
});
