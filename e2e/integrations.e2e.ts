import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import { defaultEmployeePermissions } from '../src/shared/roles';
import { signInAs } from '../src/testing/test-server';
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

  it('staff with webhooks.view read endpoints, deliveries and events; with webhooks.manage they replay what a pause missed', async () => {
    const receiver = await startWebhookReceiver();
    const created = await fetch(`${e2e.server.baseUrl}/api/admin/webhooks`, {
      method: 'POST',
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ url: receiver.url, events: ['customer.created'], description: `Front desk ${viewport}` }),
    });
    expect(created.status).toBe(200);
    receiver.useSecret(((await created.json()) as { secret: string }).secret);

    const reader = await signInAs(e2e.server.database, 'employee', {
      permissions: [...defaultEmployeePermissions, 'webhooks.view'],
    });
    const asReader = await e2e.open({ viewport, cookie: reader.cookie });
    await asReader.page.goto('/admin/orders');
    await menu(asReader.page).getByRole('link', { name: 'Integrations' }).click();
    await asReader.page.getByRole('heading', { name: 'Webhooks', level: 2 }).waitFor();
    await asReader.page.getByRole('heading', { name: 'Recent events', level: 2 }).waitFor();
    // The demo's switched-off accounting endpoint and its orders' events.
    await asReader.page.getByText('Accounting sync (demo: switched off)').waitFor();
    await asReader.page.getByTestId('webhook-event').filter({ hasText: 'order.created' }).first().waitFor();
    const readerCard = asReader.page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await readerCard.getByRole('button', { name: 'Show deliveries' }).click();
    await readerCard.getByText('No deliveries yet.', { exact: true }).waitFor();
    // Read-only: no API keys, nothing to add, send, replay, disable, delete or redeliver.
    expect(await asReader.page.getByRole('heading', { name: 'API keys' }).count()).toBe(0);
    for (const name of ['Add Endpoint', 'Send test event', 'Replay events', /^Disable/, /^Delete/, /^Redeliver/])
      expect(await asReader.page.getByRole('button', { name }).count(), String(name)).toBe(0);
    await expectNoSeriousAxeViolations(asReader.page);
    await screenshot(asReader.page, `integrations-reader-${viewport}`);
    await asReader.context.close();

    const manager = await signInAs(e2e.server.database, 'employee', {
      permissions: [...defaultEmployeePermissions, 'webhooks.view', 'webhooks.manage'],
    });
    const { context, page } = await e2e.open({ viewport, cookie: manager.cookie });
    await page.goto('/admin/integrations');
    const card = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await card.getByRole('button', { name: `Disable ${receiver.url}` }).click();
    await card.getByText('Disabled', { exact: true }).waitFor();
    // A customer joins while the endpoint is paused: the event is kept, nothing is delivered.
    const email = `paused-${viewport}@example.com`;
    const customer = await fetch(`${e2e.server.baseUrl}/api/admin/customers`, {
      method: 'POST',
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ email, firstName: 'Paused', lastName: 'Customer' }),
    });
    expect(customer.status).toBe(201);
    const { id: customerId } = (await customer.json()) as { id: string };
    await page.reload();
    await page.getByTestId('webhook-event').filter({ hasText: customerId }).waitFor();
    expect(receiver.received).toHaveLength(0);

    await card.getByRole('button', { name: `Enable ${receiver.url}` }).click();
    await card.getByText('Enabled', { exact: true }).waitFor();
    await card.getByRole('button', { name: `Replay events to ${receiver.url}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Replay events' });
    await dialog.getByLabel('The last hour').check();
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `integrations-replay-${viewport}`);
    await dialog.getByRole('button', { name: 'Replay events' }).click();
    await page.getByText(/events? queued for delivery/).waitFor();
    await expect
      .poll(() => receiver.received.filter((r) => (r.payload?.data as { id?: string })?.id === customerId).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const replayed = receiver.received.find((r) => (r.payload?.data as { id?: string })?.id === customerId)!;
    // Signed as any delivery: the receiver verified it with the standardwebhooks library.
    expect(replayed.error).toBeUndefined();
    expect(replayed.payload).toMatchObject({ type: 'customer.created', data: { email } });
    await card.getByTestId('webhook-delivery').first().getByText('Delivered').waitFor();
    expect(await page.getByRole('heading', { name: 'API keys' }).count()).toBe(0);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, `integrations-manager-${viewport}`);
    await context.close();
    await receiver.close();
  });
});
