import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { screenshot, sessionCookieFor, useE2eApp, type ViewportName, expectNoSeriousAxeViolations } from './harness';

const e2e = useE2eApp();
let adminCookie: string;
beforeAll(async () => {
  adminCookie = await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL);
});

const menu = (page: Page) => page.getByRole('navigation', { name: 'Admin' }).filter({ visible: true });
const menuLabels = async (page: Page) => (await menu(page).getByRole('link').allInnerTexts()).map((t) => t.trim());

describe.each<ViewportName>(['desktop', 'phone'])('staff journeys on %s', (viewport) => {
  const roleDisplay = `Front Desk ${viewport}`;
  const roleName = `front_desk_${viewport}`;
  const email = `kai.${viewport}@example.com`;

  it('the dashboard shows the stat cards, tabs, charts and activity', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    for (const label of ['Monthly Revenue', "Today's Appointments", 'Low Stock Items'])
      await page.getByText(label, { exact: true }).first().waitFor();
    for (const button of ['Add Product', 'Add Service', 'View Calendar', 'Customers'])
      await page.getByRole('main').getByRole('link', { name: button, exact: true }).waitFor();
    await page.getByText('Recent Orders').waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `staff-dashboard-overview-${viewport}`);
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByRole('img', { name: /Revenue: .* over the last 30 days/ }).waitFor();
    await screenshot(page, `staff-dashboard-analytics-${viewport}`);
    await page.getByRole('tab', { name: 'Alerts' }).click();
    await page.getByText('Low Stock', { exact: true }).waitFor();
    await context.close();
  });

  it('an admin creates a role, a staff member with it, narrows their permissions, and their menu shrinks', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await page.goto('/admin/roles');
    await page.getByRole('heading', { name: 'Role Management', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Create Role' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create Role' }).click();
    await dialog.getByText('Role name and display name are required').waitFor();
    await dialog.getByLabel('Role Name').fill(`Front Desk ${viewport}`);
    await dialog.getByLabel('Display Name').fill(roleDisplay);
    await dialog.getByText(`Saved as ${roleName}`).waitFor();
    for (const p of ['dashboard.view', 'customers.view']) await dialog.locator(`[data-permission="${p}"]`).check();
    await screenshot(page, `staff-role-dialog-${viewport}`);
    await dialog.getByRole('button', { name: 'Create Role' }).click();
    await page.getByText('Role created successfully').waitFor();
    await page.getByTestId('role-card').filter({ hasText: roleDisplay }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `staff-roles-${viewport}`);

    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'Staff Management', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add Staff' }).click();
    const add = page.getByRole('dialog');
    await add.getByLabel('First Name').fill('Kai');
    await add.getByLabel('Last Name').fill(viewport === 'desktop' ? 'Desk' : 'Phone');
    expect(await add.getByLabel('Email').getAttribute('type')).toBe('email');
    await add.getByLabel('Email').fill(email);
    await add.getByLabel('Role').click();
    await page.getByRole('option', { name: roleDisplay }).click();
    await add.getByRole('button', { name: 'Create Staff Member' }).click();
    await page.getByText('Staff member created successfully').waitFor();
    const card = page.getByTestId('staff-card').filter({ hasText: email });
    await card.waitFor();

    // Kai gets two permissions of their own beyond the role's, signs in, sees them in the menu.
    await card.getByRole('button', { name: 'Permissions' }).click();
    const perms = page.getByRole('dialog');
    expect(await perms.locator('[data-permission="customers.view"]').isDisabled()).toBe(true);
    await perms.locator('[data-permission="products.view"]').check();
    await perms.locator('[data-permission="services.view"]').check();
    await screenshot(page, `staff-permissions-dialog-${viewport}`);
    await perms.getByRole('button', { name: 'Save Permissions' }).click();
    await perms.waitFor({ state: 'hidden' });
    await page.getByText('User permissions updated successfully').first().waitFor();

    const kai = await e2e.open({ viewport, cookie: await sessionCookieFor(e2e.server.database, email) });
    await kai.page.goto('/admin/customers');
    await kai.page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    const before = await menuLabels(kai.page);
    expect(before).toEqual(expect.arrayContaining(['Dashboard', 'Products', 'Services', 'Customers']));
    expect(before).not.toContain('Staff');

    // The admin narrows them: no more services. Kai's next page load shows the smaller menu.
    await card.getByRole('button', { name: 'Permissions' }).click();
    await page.getByRole('dialog').locator('[data-permission="services.view"]').uncheck();
    await page.getByRole('dialog').getByRole('button', { name: 'Save Permissions' }).click();
    // The first save's notice may still be showing: the dialog closing is what says this save is done.
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByText('User permissions updated successfully').first().waitFor();
    await kai.page.reload();
    await kai.page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    const after = await menuLabels(kai.page);
    expect(after).not.toContain('Services');
    expect(after).toEqual(expect.arrayContaining(['Dashboard', 'Products', 'Customers']));
    await screenshot(kai.page, `staff-narrowed-menu-${viewport}`);
    // And the page itself is refused.
    await kai.page.goto('/admin/users');
    await kai.page.getByText("You don't have permission to access this page.").waitFor();
    await kai.context.close();

    // Deactivated: Kai's session ends at once.
    const [row] = await e2e.server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await card.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('User status updated successfully').waitFor();
    await card.getByText('Inactive').waitFor();
    expect(row).toBeTruthy();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `staff-users-${viewport}`);

    await card.getByRole('button', { name: 'Schedule' }).click();
    await page.getByRole('dialog').getByText('Monday').waitFor();
    await page.getByRole('dialog').getByText('Not available').first().waitFor();
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('own role, permissions and status cannot be changed, and a failed change says so', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await page.goto('/admin/users');
    const self = page.getByTestId('staff-card').filter({ hasText: DEMO_ADMIN_EMAIL });
    await self.waitFor();
    expect(await self.getByRole('button', { name: 'Deactivate' }).count()).toBe(0);
    expect(await self.getByRole('button', { name: 'Permissions' }).count()).toBe(0);
    await context.close();
  });

  it('a role someone holds cannot be deleted; the delete asks first', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await page.goto('/admin/roles');
    const card = page.getByTestId('role-card').filter({ hasText: roleDisplay });
    await card.getByRole('button', { name: `Delete ${roleDisplay}` }).click();
    await page.getByText('Are you sure you want to delete this role? This action cannot be undone.').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(/Failed to delete role/).waitFor();
    await context.close();
  });

  it('customers: summary cards, server-side search, tabs with real names', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await page.goto('/admin/customers');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    for (const label of ['Total Customers', 'Active Customers', 'Total Revenue', 'Avg Order Value'])
      await page.getByText(label, { exact: true }).waitFor();
    await page.getByTestId('customer-card').first().waitFor();
    await page.getByLabel('Search customers').fill('priya');
    await page.getByTestId('customer-card').filter({ hasText: 'Priya Shah' }).waitFor();
    await expect.poll(() => page.getByTestId('customer-card').count()).toBe(1);
    const card = page.getByTestId('customer-card').first();
    await card.getByRole('tab', { name: 'Orders' }).click();
    await card.getByRole('tab', { name: 'Appointments' }).click();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `staff-customers-${viewport}`);
    await context.close();
  });
});
