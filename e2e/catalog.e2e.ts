import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, serviceProviders, services, users } from '../db/schema/index';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { expectNoSeriousAxeViolations, screenshot, sessionCookieFor, useE2eApp, type ViewportName } from './harness';

const e2e = useE2eApp();
let adminCookie: string;
beforeAll(async () => {
  adminCookie = await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL);
});

// Each viewport's run uses its own names and its own customer, so the two runs never see each other's cart.
const customers: Record<ViewportName, string> = { desktop: 'alex.morgan@example.com', phone: 'jordan.lee@example.com' };

async function setBusinessType(businessType: 'products' | 'services' | 'both') {
  const res = await fetch(`${e2e.server.baseUrl}/api/business/settings`, {
    method: 'PUT',
    headers: { cookie: adminCookie, 'content-type': 'application/json' },
    body: JSON.stringify({ businessName: 'Harbor & Pine Wellness', businessType }),
  });
  expect(res.status).toBe(200);
}

/** The visible one of the badges (the header's on desktop, the bottom bar's on a phone). */
const cartBadge = (page: Page) => page.getByTestId('cart-badge').filter({ visible: true });

async function goToCustomerPage(page: Page, viewport: ViewportName, label: 'Products' | 'Services') {
  // Phones have no Services entry in the bottom bar; the Home shortcut and direct links get there.
  if (viewport === 'phone' && label === 'Services') return page.goto('/services');
  await page
    .getByRole('navigation', { name: 'Main' })
    .filter({ visible: true })
    .getByRole('link', { name: label, exact: true })
    .click();
}

describe.each<ViewportName>(['desktop', 'phone'])('catalogue journeys on %s', (viewport) => {
  const productName = `Cedar Hand Cream ${viewport}`;
  const serviceName = `Hot Stone Ritual ${viewport}`;

  it('an admin creates a featured product, after the dialog refuses a blank one', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await page.goto('/admin/products');
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Price is required').waitFor();

    await dialog.getByLabel('Name', { exact: true }).fill(productName);
    await dialog.getByLabel('Description').fill('Rich cream with cedar oil and shea butter, 75 ml.');
    await dialog.getByLabel('Price ($)').fill('18.5');
    await dialog.getByLabel('Inventory').fill('12');
    await dialog.getByLabel('Category').fill('Body Care');
    await dialog.getByLabel('Image URL').fill('not a link');
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await dialog.getByText('Image URL must be a valid URL').waitFor();
    // A picture that cannot be loaded: the cards must show the placeholder instead of a broken image.
    await dialog.getByLabel('Image URL').fill(`${e2e.server.baseUrl}/catalog/missing-picture.webp`);
    await dialog.getByLabel('Featured').check();
    await screenshot(page, `catalog-admin-product-dialog-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create Product' }).click();
    await page.getByRole('status').getByText('Product Created').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const card = page.getByTestId('admin-catalog-card').filter({ hasText: productName });
    await card.getByText('$18.50').waitFor();
    await card.getByText('Featured').waitFor();
    await card.getByText('No picture').waitFor();
    await screenshot(page, `catalog-admin-products-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  it('an admin creates a featured service performed by two employees', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await page.goto('/admin/services');
    await page.getByRole('button', { name: 'Add Service' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(serviceName);
    await dialog.getByLabel('Description').fill('Warm basalt stones and a full-body massage.');
    await dialog.getByLabel('Price ($)').fill('120');
    await dialog.getByLabel('Duration (minutes)').fill('50');
    await dialog.getByLabel('Category').fill('Massage');
    await dialog.getByLabel('Image URL').fill(`${e2e.server.baseUrl}/catalog/swedish-massage.webp`);
    await dialog.getByLabel('Featured').check();
    // Employees are listed with their e-mail.
    await dialog.getByLabel('Maya Okafor (maya@example.com)').check();
    await dialog.getByLabel('Liam Chen (liam@example.com)').check();
    await dialog.getByRole('button', { name: 'Create Service' }).click();
    await dialog.getByText('Duration must be a multiple of 15 minutes').waitFor();
    await dialog.getByLabel('Duration (minutes)').fill('75');
    await screenshot(page, `catalog-admin-service-dialog-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create Service' }).click();
    await page.getByRole('status').getByText('Service Created').waitFor();
    const card = page.getByTestId('admin-catalog-card').filter({ hasText: serviceName });
    await card.getByText('75 min · 2 employees').waitFor();

    const [created] = await e2e.server.database.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.name, serviceName));
    const linked = await e2e.server.database.db
      .select({ email: users.email })
      .from(serviceProviders)
      .innerJoin(users, eq(users.id, serviceProviders.employeeId))
      .where(eq(serviceProviders.serviceId, created!.id));
    expect(linked.map((l) => l.email).sort()).toEqual(['liam@example.com', 'maya@example.com']);
    await screenshot(page, `catalog-admin-services-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  it('a customer sees both on Home, finds them by search, and adds the product to the cart', async () => {
    const cookie = await sessionCookieFor(e2e.server.database, customers[viewport]);
    const { context, page } = await e2e.open({ viewport, cookie });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Featured Items' }).waitFor();
    const featuredProduct = page.getByTestId('featured-item').filter({ hasText: productName });
    const featuredService = page.getByTestId('featured-item').filter({ hasText: serviceName });
    await featuredProduct.getByText('Product', { exact: true }).waitFor();
    await featuredService.getByText('Service', { exact: true }).waitFor();
    for (const shortcut of ['Book Appointment', 'Browse Products', 'Order History', 'Chat Support'])
      await page.getByText(shortcut, { exact: true }).waitFor();
    expect(await cartBadge(page).count()).toBe(0);
    await screenshot(page, `catalog-home-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    await goToCustomerPage(page, viewport, 'Products');
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search products' });
    // Case-insensitive, on name, description or category.
    await search.fill('CEDAR HAND');
    const card = page.getByTestId('product-card').filter({ hasText: productName });
    await card.waitFor();
    await card.getByText('$18.50').waitFor();
    await card.getByText('12 in stock').waitFor();
    await card.getByText('Body Care').waitFor();
    await card.getByText('No picture').waitFor();
    await search.fill('shea butter');
    await card.waitFor();
    await search.fill('no such thing anywhere');
    await page.getByText('No products found').waitFor();
    await page.getByText('Try adjusting your search terms').waitFor();
    await search.fill('cedar hand');

    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('status').getByText('Added to Cart').waitFor();
    await expect.poll(() => cartBadge(page).textContent()).toBe('1 item in cart');
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => cartBadge(page).textContent()).toBe('2 items in cart');
    await screenshot(page, `catalog-products-${viewport}`);
    await expectNoSeriousAxeViolations(page);

    await goToCustomerPage(page, viewport, 'Services');
    const serviceSearch = page.getByRole('searchbox', { name: 'Search services' });
    await serviceSearch.fill('hot stone ritual');
    const serviceCard = page.getByTestId('service-card').filter({ hasText: serviceName });
    await serviceCard.getByText('75 minutes').waitFor();
    await serviceCard.getByText('$120.00').waitFor();
    const [created] = await e2e.server.database.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.name, serviceName));
    expect(await serviceCard.getByRole('link', { name: 'Quick Book' }).getAttribute('href')).toBe(
      `/booking?service=${created!.id}`,
    );
    expect(await serviceCard.getByRole('link', { name: 'Choose Employee' }).getAttribute('href')).toBe(
      '/employee-booking',
    );
    await screenshot(page, `catalog-services-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await serviceSearch.fill('zzz no such service');
    await page.getByText('No services found').waitFor();
    await context.close();
  });

  it('shows Out of Stock, disabled, at inventory 0', async () => {
    const cookie = await sessionCookieFor(e2e.server.database, customers[viewport]);
    const { context, page } = await e2e.open({ viewport, cookie });
    await page.goto('/products');
    const card = page.getByTestId('product-card').filter({ hasText: 'Argan Hair Mask' });
    const button = card.getByRole('button', { name: 'Out of Stock' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    expect(await card.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
    await context.close();
  });

  it('follows the business type: services disappear for a products business, and the reverse', async () => {
    const cookie = await sessionCookieFor(e2e.server.database, customers[viewport]);
    const { context, page } = await e2e.open({ viewport, cookie });
    const nav = page.getByRole('navigation', { name: 'Main' }).filter({ visible: true });
    try {
      await setBusinessType('products');
      await page.goto('/');
      await page.getByText('Browse Products', { exact: true }).waitFor();
      await nav.getByRole('link', { name: 'Products', exact: true }).waitFor();
      for (const label of ['Services', 'Book Now', 'Book'])
        expect(await nav.getByRole('link', { name: label, exact: true }).count()).toBe(0);
      expect(await page.getByText('Book Appointment', { exact: true }).count()).toBe(0);
      await page.getByTestId('featured-item').first().waitFor();
      expect(
        await page.getByTestId('featured-item').filter({ hasText: 'Service' }).filter({ hasText: serviceName }).count(),
      ).toBe(0);
      await screenshot(page, `catalog-products-only-${viewport}`);
      await expectNoSeriousAxeViolations(page);

      await setBusinessType('services');
      await page.goto('/');
      await page.getByText('Book Appointment', { exact: true }).waitFor();
      await nav.getByRole('link', { name: viewport === 'desktop' ? 'Book Now' : 'Book', exact: true }).waitFor();
      for (const label of ['Products', 'Cart'])
        expect(await nav.getByRole('link', { name: label, exact: true }).count()).toBe(0);
      expect(await page.getByText('Browse Products', { exact: true }).count()).toBe(0);
      await page.getByTestId('featured-item').filter({ hasText: serviceName }).waitFor();
      expect(await page.getByTestId('featured-item').filter({ hasText: productName }).count()).toBe(0);
      await screenshot(page, `catalog-services-only-${viewport}`);
      await expectNoSeriousAxeViolations(page);
    } finally {
      await setBusinessType('both');
    }
    await context.close();
  });

  it('an admin deletes the product only after confirming', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await page.goto('/admin/products');
    const card = page.getByTestId('admin-catalog-card').filter({ hasText: productName });
    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Product' });
    await confirm
      .getByText(`Are you sure you want to delete "${productName}"? This action cannot be undone.`)
      .waitFor();
    await screenshot(page, `catalog-admin-delete-confirm-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await card.waitFor();

    await card.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').getByText('Product Deleted').waitFor();
    await page.getByText('The product has been removed from the catalogue.').waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await card.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('a catalogue of 10,000 products', () => {
  beforeAll(async () => {
    await e2e.server.database.db.execute(sql`
      insert into products (name, description, category, price, inventory)
      select 'Bulk Item ' || g, 'Stock line number ' || g, 'Warehouse', 9.99, 5 from generate_series(1, 10000) g`);
  });
  afterAll(async () => {
    await e2e.server.database.db.delete(products).where(eq(products.category, 'Warehouse'));
  });

  it('renders a page of cards, and search narrows them as the person types', async () => {
    const cookie = await sessionCookieFor(e2e.server.database, customers.desktop);
    const { context, page } = await e2e.open({ viewport: 'desktop', cookie });
    await page.goto('/products');
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.getByTestId('product-card').count()).toBeLessThanOrEqual(24);
    await page.getByText(/Showing 24 of 100\d\d/).waitFor();

    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.click();
    // Every keystroke reaches the input while the list filters (how fast is a benchmark's business, not a test's).
    await page.keyboard.type('bulk item 9999', { delay: 0 });
    expect(await search.inputValue()).toBe('bulk item 9999');
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(1);
    await page.getByTestId('product-card').filter({ hasText: 'Bulk Item 9999' }).waitFor();

    // Scrolling to the end of the grid brings the next page.
    await search.fill('warehouse');
    await expect.poll(() => page.getByTestId('product-card').count()).toBe(24);
    await page.getByRole('button', { name: 'Show more' }).scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId('product-card').count()).toBeGreaterThanOrEqual(48);
    expect(await page.getByTestId('product-card').count()).toBeLessThan(200);
    await context.close();
  });
});
