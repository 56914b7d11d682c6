import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { startWebhookReceiver } from '../src/testing/webhook-receiver';
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

  it('an admin adds a webhook endpoint, copies its secret, sends a test event, and redelivers one that failed', async () => {
    const receiver = await startWebhookReceiver();
    const { context, page } = await e2e.open({ viewport, cookie: adminCookie });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/admin/integrations');
    await page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();

    await page.getByRole('button', { name: 'Add Endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Webhook Endpoint' });
    await dialog.getByRole('button', { name: 'Add Endpoint' }).click();
    await dialog.getByText('The URL must be an http:// or https:// address.').waitFor();
    await dialog.getByText('Choose at least one event.').waitFor();
    await dialog.getByLabel('URL').fill(receiver.url);
    await dialog.getByLabel('Description (optional)').fill(`Accounting sync ${viewport}`);
    for (const type of ['order.created', 'appointment.created']) await dialog.locator(`[data-event="${type}"]`).check();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `integrations-webhook-create-${viewport}`);
    await dialog.getByRole('button', { name: 'Add Endpoint' }).click();

    const shown = page.getByRole('dialog', { name: 'Webhook Endpoint Added' });
    await shown.getByText("You won't be able to see it again.", { exact: false }).waitFor();
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{40,}={0,2}$/);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `integrations-webhook-secret-${viewport}`);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('The signing secret is on your clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    receiver.useSecret(secret);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    const card = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await card.getByText('Enabled', { exact: true }).waitFor();
    await card.getByText('appointment.created').waitFor();
    await card.getByRole('button', { name: 'Send test event' }).click();
    const latest = card.getByTestId('webhook-delivery').first();
    await latest.getByText('Delivered').waitFor();
    await latest.getByText('200', { exact: true }).waitFor();
    // The receiver checked the signature with the standardwebhooks library, as an integrator's would.
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.error).toBeUndefined();
    expect(receiver.received[0]!.payload).toMatchObject({ type: 'ping', data: { url: receiver.url } });

    // A receiver that fails once: the retry schedule sends the delivery again after about 5 s, with the same
    // webhook-id, and the log shows it delivered.
    receiver.answerNext(500);
    await card.getByRole('button', { name: 'Send test event' }).click();
    await card.getByTestId('webhook-delivery').nth(1).waitFor();
    await latest.getByText('Delivered').waitFor();
    const [failed, retried] = receiver.received.slice(1);
    expect(failed!.payload?.type).toBe('ping');
    expect(retried!.headers['webhook-id']).toBe(failed!.headers['webhook-id']);
    expect(retried!.error).toBeUndefined();

    // Redeliver sends a delivery again at once: here the first, already delivered ping.
    const first = card.getByTestId('webhook-delivery').nth(1);
    await first.getByRole('button', { name: /^Redeliver/ }).click();
    await page.getByText('Redelivery queued').waitFor();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(4);
    expect(receiver.received[3]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
    expect(receiver.received[3]!.error).toBeUndefined();
    await first.getByText('Delivered').waitFor();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `integrations-webhook-log-${viewport}`);

    await card.getByRole('button', { name: `Disable ${receiver.url}` }).click();
    await card.getByText('Disabled', { exact: true }).waitFor();
    await expect.poll(() => card.getByRole('button', { name: 'Send test event' }).isDisabled()).toBe(true);
    await card.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Webhook Endpoint' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Webhook endpoint deleted').waitFor();
    await card.waitFor({ state: 'detached' });
    await context.close();
    await receiver.close();
  });
});
