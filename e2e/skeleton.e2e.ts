import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_EMAIL } from '../src/server/demo/seed';
import {
  expectNoSeriousAxeViolations,
  screenshot,
  sessionCookieFor,
  expectToast,
  useE2eApp,
  type ViewportName,
} from './harness';

const e2e = useE2eApp();

describe.each<ViewportName>(['desktop', 'phone'])('walking skeleton on %s', (viewport) => {
  it('shows the landing page to a visitor', async () => {
    const { context, page } = await e2e.open({ viewport });
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && !msg.text().includes('401') && errors.push(msg.text()));
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Welcome to Harbor & Pine Wellness');
    const signIn = page.getByRole('link', { name: 'Sign In with Google' });
    expect(await signIn.getAttribute('href')).toBe('/api/login');
    expect(await page.getByRole('link', { name: 'Employee Login' }).getAttribute('href')).toBe('/employee/login');
    expect(await page.getByRole('link', { name: 'Admin Access' }).getAttribute('href')).toBe('/admin');
    expect(await page.getByRole('link', { name: 'New employee? Apply to join our team' }).getAttribute('href')).toBe(
      '/employee/register',
    );
    for (const blurb of ['Browse Products', 'Book Services', 'Get Support']) {
      await page.getByRole('heading', { name: blurb }).waitFor();
    }
    await screenshot(page, `skeleton-landing-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    // The CSP allows only our own scripts and styles: a violation would show up as a console error.
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the 404 page for an unknown route', async () => {
    const { context, page } = await e2e.open({ viewport });
    await page.goto('/no/such/page');
    await page.getByText('404 Page Not Found').waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await screenshot(page, `skeleton-404-${viewport}`);
    await expectNoSeriousAxeViolations(page);
    await context.close();
  });

  it('lets an admin change the business name and type, and the navigation follows', async () => {
    const cookie = await sessionCookieFor(e2e.server.database, DEMO_ADMIN_EMAIL);
    const { context, page } = await e2e.open({ viewport, cookie });
    // The demo's name and type go back whatever happens here: the next viewport's tests (and its own run of
    // this one) start from them, so a step that fails must not fail those too.
    const restore = () =>
      fetch(`${e2e.server.baseUrl}/api/business/settings`, {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ businessName: 'Harbor & Pine Wellness', businessType: 'both' }),
      });
    try {
      const nav = page.getByRole('navigation', { name: 'Admin' });
      await page.goto('/admin/settings');
      await page.getByRole('heading', { name: 'Business Information' }).waitFor();
      await nav.getByRole('link', { name: 'Products' }).waitFor();
      await page.getByText('v1.0.0').waitFor();
      await page
        .getByRole('button', { name: 'Reset All Settings' })
        .isDisabled()
        .then((d) => expect(d).toBe(true));

      // A blank name is refused on the page, before any call.
      await page.getByLabel('Business name').fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Business name is required').waitFor();

      const name = `Studio ${viewport}`;
      await page.getByLabel('Business name').fill(name);
      await page.getByLabel('Business type').click();
      await page.getByRole('option', { name: 'Services only' }).click();
      // The list closes before Save is pressed: on a busy machine a click while it closes lands on nothing.
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Settings Updated');
      // Products disappear from the admin navigation at once, and the new name is shown.
      await nav.getByRole('link', { name: 'Products' }).waitFor({ state: 'detached' });
      await expect
        .poll(() => page.getByTestId(viewport === 'desktop' ? 'business-name' : 'business-name-mobile').textContent())
        .toBe(name);
      await screenshot(page, `skeleton-settings-${viewport}`);
      await expectNoSeriousAxeViolations(page);

      // The customer navigation follows the business type too.
      await page.goto('/');
      const main = page.getByRole('navigation', { name: 'Main' });
      await main.getByRole('link', { name: 'Book' + (viewport === 'desktop' ? ' Now' : ''), exact: true }).waitFor();
      expect(await main.getByRole('link', { name: 'Products' }).count()).toBe(0);

      // Restore for the next viewport's run.
      await page.goto('/admin/settings');
      await page.getByLabel('Business name').fill('Harbor & Pine Wellness');
      await page.getByLabel('Business type').click();
      await page.getByRole('option', { name: 'Products and services' }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Settings Updated');
      await nav.getByRole('link', { name: 'Products' }).waitFor();

      // The demo business has orders, so its currency is fixed: the refusal is shown and nothing changes.
      await page.getByLabel('Currency').click();
      await page.getByRole('option', { name: 'EUR (Euro)' }).click();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page
        .getByText('The currency cannot be changed once orders have been placed: their amounts were paid in it.')
        .first()
        .waitFor();
    } finally {
      expect((await restore()).status).toBe(200);
      await context.close();
    }
  });
});
