import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { expectNoSeriousAxeViolations, screenshot, sessionCookieFor, useE2eApp, type ViewportName } from './harness';

const e2e = useE2eApp();
let adminCookie: string;
beforeAll(async () => {
  adminCookie = await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL);
});

const menu = (page: Page) => page.getByRole('navigation', { name: 'Admin' }).filter({ visible: true });

/** What a program does with the key: a plain REST call with the bearer header, no cookie. */
const callWithKey = (key: string) =>
  fetch(`${e2e.server.baseUrl}/api/orders`, { headers: { authorization: `Bearer ${key}` } });

describe.each<ViewportName>(['desktop', 'phone'])('integrations on %s', (viewport) => {
  it('an admin creates an API key, copies it once, a program uses it, and the admin revokes it', async () => {
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // From a page that fits a phone (the dashboard's charts widen the page there, pushing the bottom bar away).
    await page.goto('/admin/roles');
    await menu(page).getByRole('link', { name: 'Integrations' }).click();
    await page.getByRole('heading', { name: 'Integrations', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'API keys', level: 2 }).waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `integrations-empty-${viewport}`);

    await page.getByRole('button', { name: 'Create API Key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API Key' });
    await dialog.getByRole('button', { name: 'Create API Key' }).click();
    await dialog.getByText('API key name is required.').waitFor();
    const name = `Accounting ${viewport}`;
    await dialog.getByLabel('Name').fill(name);
    for (const p of ['orders.view', 'products.view']) await dialog.locator(`[data-permission="${p}"]`).check();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `integrations-create-${viewport}`);
    await dialog.getByRole('button', { name: 'Create API Key' }).click();

    const shown = page.getByRole('dialog', { name: 'API Key Created' });
    await shown.getByText("You won't be able to see it again.", { exact: false }).waitFor();
    const key = await shown.getByLabel('API key').inputValue();
    expect(key).toMatch(/^sfk_[0-9a-f]{12}_.{32,}$/);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `integrations-secret-${viewport}`);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('The API key is on your clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = page.getByTestId('api-key-row').filter({ hasText: name });
    await row.getByText(key.slice(0, 16)).waitFor();
    await row.getByText('Never').first().waitFor();
    expect((await callWithKey(key)).status).toBe(200);
    await page.reload();
    await row.getByText('Avery Stone').waitFor();
    expect(await row.innerText()).not.toContain(key.slice(17));
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `integrations-list-${viewport}`);

    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('alertdialog', { name: 'Revoke API Key' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('API key revoked').waitFor();
    await row.waitFor({ state: 'detached' });
    const refused = await callWithKey(key);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'Invalid or revoked API key.', code: 'UNAUTHORIZED' });
    await context.close();
  });
});
