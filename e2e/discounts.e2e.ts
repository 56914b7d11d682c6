import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { expectNoSeriousAxeViolations, screenshot, sessionCookieFor, useE2eApp, type ViewportName } from './harness';
import { addProduct, addToCartFromShop } from './shop-steps';

const e2e = useE2eApp();
let adminCookie: string;
beforeAll(async () => {
  adminCookie = await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL);
});

// Each viewport has its own customer, product and code, so the two runs never meet.
const buyers: Record<ViewportName, string> = { desktop: 'priya.shah@example.com', phone: 'noah.williams@example.com' };

const codeCard = (page: Page, code: string) => page.getByTestId('discount-card').filter({ hasText: code });
/** The badge: whether customers can use the code now, or why not. */
const statusOf = (page: Page, code: string) => codeCard(page, code).getByTestId('discount-status').textContent();
const datesOf = (page: Page, code: string) => codeCard(page, code).getByTestId('discount-dates').textContent();

describe.each<ViewportName>(['desktop', 'phone'])('discount codes and refunds on %s', (viewport) => {
  const code = `E2E-${viewport.toUpperCase()}`;
  const serum = `Discount Serum ${viewport}`;
  let orderPath = '';

  it('staff create a code, switch it off and on, and change it', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await page.goto('/admin');
    // The admin menu leads there (on a phone, the bottom bar's short label).
    const menu = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', {
      name: viewport === 'phone' ? 'Discounts' : 'Discount Codes',
    });
    // The phone's bottom bar scrolls sideways; the entry is there, far along it.
    await menu.dispatchEvent('click');
    await page.getByRole('heading', { name: 'Discount codes', level: 1 }).waitFor();
    await codeCard(page, 'WELCOME10').waitFor();
    await codeCard(page, 'SPRING20').getByText('Expired').waitFor();
    // Its dates read as dates of the page's language, not YYYY-MM-DD; the switch says it is still switched on.
    expect(await datesOf(page, 'SPRING20')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} to [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(await codeCard(page, 'SPRING20').getByRole('switch', { name: 'SPRING20 enabled' }).isChecked()).toBe(true);
    expect(await statusOf(page, 'WELCOME10')).toBe('Active');
    await screenshot(page, `discounts-list-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'New Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Discount Code' });
    await dialog.getByLabel('Code').fill('x');
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await dialog.getByText('A code is 3 to 32 letters, digits, - or _').waitFor();
    await dialog.getByLabel('Code').fill(code.toLowerCase());
    await dialog.getByLabel('Percent off (1 to 100)').fill('20');
    await dialog.getByLabel('Usage limit').fill('5');
    await dialog.getByLabel('Ends after').fill('2099-12-31');
    await screenshot(page, `discounts-dialog-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create Code' }).click();
    await page.getByRole('status').getByText('Discount Code Created').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const card = codeCard(page, code);
    await card.getByTestId('times-used').getByText('0 of 5').waitFor();
    await card.getByText('20% off').waitFor();
    expect(await datesOf(page, code)).toBe('Until Dec 31, 2099');
    expect(await statusOf(page, code)).toBe('Active');

    // The switch takes it out of use and back.
    const enabled = card.getByRole('switch', { name: `${code} enabled` });
    await enabled.click();
    await expect.poll(() => statusOf(page, code)).toBe('Inactive');
    expect(await enabled.isChecked()).toBe(false);
    await enabled.click();
    await expect.poll(() => statusOf(page, code)).toBe('Active');
    expect(await enabled.isChecked()).toBe(true);

    // A start still to come: scheduled, though switched on.
    await card.getByRole('button', { name: `Edit ${code}` }).click();
    const later = page.getByRole('dialog', { name: `Edit ${code}` });
    expect(await later.getByLabel('Ends after').inputValue()).toBe('2099-12-31');
    await later.getByLabel('Starts on').fill('2099-01-01');
    await later.getByRole('button', { name: 'Save Changes' }).click();
    await later.waitFor({ state: 'detached' });
    await expect.poll(() => statusOf(page, code)).toBe('Scheduled');
    expect(await datesOf(page, code)).toBe('Jan 1, 2099 to Dec 31, 2099');
    expect(await enabled.isChecked()).toBe(true);

    await card.getByRole('button', { name: `Edit ${code}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${code}` });
    await edit.getByLabel('Percent off (1 to 100)').fill('10');
    await edit.getByLabel('Starts on').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await card.getByText('10% off').waitFor();
    await expect.poll(() => statusOf(page, code)).toBe('Active');
    await context.close();
  });

  it('in Spanish, the dates are Spanish dates and the badge and the switch say what they are', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie, locale: 'es-ES' });
    await page.goto('/admin/discounts');
    await page.getByRole('heading', { name: 'Códigos de descuento', level: 1 }).waitFor();
    expect(await statusOf(page, 'SPRING20')).toBe('Caducado');
    expect(await datesOf(page, 'SPRING20')).toMatch(/^Del \d{1,2} [a-z]+\.? \d{4} al \d{1,2} [a-z]+\.? \d{4}$/);
    expect(await datesOf(page, code)).toBe('Hasta el 31 dic 2099');
    await codeCard(page, 'SPRING20').getByRole('switch', { name: 'SPRING20 habilitado' }).waitFor();
    // Nothing sticks out of the screen or of a card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, `discounts-list-es-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  it('a customer applies the code in the cart, sees the discount and tax after it, and checks out', async () => {
    await addProduct(e2e.server.database, serum, '33.30', 5);
    const { context, page } = await e2e.open({
      viewport,
      cookie: await sessionCookieFor(e2e.server.database, buyers[viewport]),
    });
    await addToCartFromShop(page, serum);
    await page.goto('/cart');
    const field = page.getByLabel('Discount code');
    await field.fill('nope-code');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByRole('alert').getByText('This discount code does not exist.').waitFor();
    await field.fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    // 33.30 − 10 % (3.33) = 29.97; tax 3.00; total 32.97.
    await expect.poll(() => page.getByTestId('summary-discount').textContent()).toBe('−$3.33');
    expect(await page.getByText(`Discount (${code})`).count()).toBe(1);
    expect(await page.getByTestId('summary-subtotal').textContent()).toBe('$33.30');
    expect(await page.getByTestId('summary-shipping').textContent()).toBe('Free');
    expect(await page.getByTestId('summary-tax').textContent()).toBe('$3.00');
    expect(await page.getByTestId('summary-total').textContent()).toBe('$32.97');
    await screenshot(page, `discounts-cart-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    // Remove takes it off; apply again to keep it.
    await page.getByRole('button', { name: `Remove discount code ${code}` }).click();
    await page.getByTestId('summary-discount').waitFor({ state: 'detached' });
    expect(await page.getByTestId('summary-total').textContent()).toBe('$36.63');
    await page.getByLabel('Discount code').fill(code);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(() => page.getByTestId('summary-total').textContent()).toBe('$32.97');

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('summary-discount').textContent()).toBe('−$3.33');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('heading', { name: 'Thank you for your order!' }).waitFor();
    orderPath = new URL(page.url()).pathname;
    expect(await page.getByTestId('summary-discount').textContent()).toBe('−$3.33');
    expect(await page.getByTestId('summary-total').textContent()).toBe('$32.97');
    await context.close();
  });

  it('staff see the use counted, and refund part of the order with a line restocked', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await page.goto('/admin/discounts');
    await codeCard(page, code).getByTestId('times-used').getByText('1 of 5').waitFor();
    // Its last use gone: used up, whatever the switch says.
    await codeCard(page, code)
      .getByRole('button', { name: `Edit ${code}` })
      .click();
    const limit = page.getByRole('dialog', { name: `Edit ${code}` });
    await limit.getByLabel('Usage limit').fill('1');
    await limit.getByRole('button', { name: 'Save Changes' }).click();
    await limit.waitFor({ state: 'detached' });
    await expect.poll(() => statusOf(page, code)).toBe('Used up');
    expect(
      await codeCard(page, code)
        .getByRole('switch', { name: `${code} enabled` })
        .isChecked(),
    ).toBe(true);

    await page.goto(`/admin${orderPath}`);
    await page.getByTestId('order-customer').waitFor();
    await page.getByText(`Discount (${code})`).waitFor();
    // A pay-on-pickup order is refunded once it is paid.
    expect(await page.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Mark Paid' }).click();
    await page.getByTestId('payment-status').getByText('Paid').waitFor();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Refund order/ });
    expect(await dialog.getByLabel('Amount ($)').inputValue()).toBe('32.97');
    await dialog.getByLabel('Amount ($)').fill('40');
    await dialog.getByRole('button', { name: 'Issue Refund' }).click();
    await dialog.getByRole('alert').getByText('A refund can be at most $32.97.').waitFor();
    await dialog.getByLabel('Amount ($)').fill('10.99');
    await dialog.getByLabel('Reason').fill('Bottle arrived cracked');
    await dialog.getByLabel(/^Discount Serum/).fill('1');
    await screenshot(page, `discounts-refund-dialog-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Issue Refund' }).click();
    await page.getByRole('status').getByText('Refund Issued').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('payment-status').getByText('Partly refunded').waitFor();
    await page.getByTestId('refund').getByText('Bottle arrived cracked').waitFor();
    expect(await page.getByTestId('refunded-amount').textContent()).toBe('$10.99 of $32.97');
    await screenshot(page, `discounts-admin-order-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  it("the customer's order page shows the discount and the refund", async () => {
    const { context, page } = await e2e.open({
      viewport,
      cookie: await sessionCookieFor(e2e.server.database, buyers[viewport]),
    });
    await page.goto(orderPath);
    await page.getByText(`Discount (${code})`).waitFor();
    await page.getByTestId('refund').getByText('Bottle arrived cracked').waitFor();
    expect(await page.getByTestId('refunded-amount').textContent()).toBe('$10.99 of $32.97');
    await page.getByTestId('order-payment-status').getByText('Partly refunded').waitFor();
    await screenshot(page, `discounts-customer-order-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  it('staff delete the code after asking', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await page.goto('/admin/discounts');
    await codeCard(page, code)
      .getByRole('button', { name: `Delete ${code}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: `Delete ${code}?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').getByText('Discount Code Deleted').waitFor();
    await codeCard(page, code).waitFor({ state: 'detached' });
    await context.close();
  });
});
