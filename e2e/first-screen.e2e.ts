import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectNoSeriousAxeViolations,
  recordToasts,
  screenshot,
  sessionCookieFor,
  expectToast,
  useE2eApp,
} from './harness';

/*
 * The storefront's first screens come rendered in the page (docs/decisions/0019-server-rendered-first-screen.md):
 * painted before any script runs, then taken over by the browser's script. These journeys check the page as
 * served, that the takeover matches it (React reports a mismatch as an error), and that a click made as soon as the
 * page shows is not lost.
 */
const e2e = useE2eApp();
const CUSTOMER = 'alex.morgan@example.com';
const OIL = 'Lavender Body Oil';

/** Every console error and uncaught error of a page, from now on. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const rootOf = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('root')!;
    return { inert: root.hasAttribute('inert'), ariaDisabled: root.getAttribute('aria-disabled') };
  });

describe("the storefront's first screen, rendered by the server", () => {
  it('comes painted in the HTML, with its stylesheet allowed by its hash', async () => {
    const cookie = await sessionCookieFor(e2e.server.database, CUSTOMER);
    const res = await fetch(`${e2e.server.baseUrl}/products`, { headers: { accept: 'text/html', cookie } });
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('</body>'));
    expect(root.startsWith('<div id="root" inert aria-disabled="true">')).toBe(true);
    expect(root).toContain(OIL);
    expect(root).toContain('$24.00');
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`style-src 'self' 'sha256-${hash}'`);

    // Without JavaScript the list is there, styled.
    const context = await e2e.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: e2e.server.baseUrl }]);
      const page = await context.newPage();
      await page.goto(`${e2e.server.baseUrl}/products`);
      await page.getByRole('heading', { name: OIL }).waitFor();
      expect(await page.getByRole('heading', { level: 1, name: 'Products' }).isVisible()).toBe(true);
      await screenshot(page, 'first-screen-products-without-script');
    } finally {
      await context.close();
    }
  });

  it('is taken over without a mismatch, and a click as soon as it shows adds to the cart', async () => {
    const cookie = await sessionCookieFor(e2e.server.database, CUSTOMER);
    for (const viewport of ['phone', 'desktop'] as const) {
      const { context, page } = await e2e.open({ viewport, cookie });
      const errors = errorsOf(page);
      await page.goto('/products');
      // Playwright waits while the screen says it is not ready (aria-disabled), so the click lands on a working page.
      await page
        .getByTestId('product-card')
        .filter({ hasText: OIL })
        .getByRole('button', { name: 'Add to Cart' })
        .click();
      await expectToast(page, 'Added to Cart');
      expect(await rootOf(page)).toEqual({ inert: false, ariaDisabled: null });
      await page.goto('/');
      await page.getByRole('heading', { name: 'Featured Items' }).waitFor();
      await page.goto('/services');
      await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
      await expect.poll(() => rootOf(page)).toEqual({ inert: false, ariaDisabled: null });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("a customer's home in Spanish, in Tokyo's time zone, is taken over without a mismatch", async () => {
    // A customer who never chose a language: the browser's, Spanish.
    const cookie = await sessionCookieFor(e2e.server.database, 'lucas.garcia@example.com');
    const context = await e2e.browser.newContext({
      locale: 'es-ES',
      timezoneId: 'Asia/Tokyo',
      baseURL: e2e.server.baseUrl,
      viewport: { width: 390, height: 844 },
    });
    try {
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: e2e.server.baseUrl }]);
      const page = await context.newPage();
      const errors = errorsOf(page);
      await page.goto('/');
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      await page.getByRole('heading', { name: 'Destacados' }).waitFor();
      await expect.poll(() => rootOf(page)).toEqual({ inert: false, ariaDisabled: null });
      // Taken over: the language menu works, and the page comes back in English, rendered again by the server.
      await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
      await page.getByRole('heading', { name: 'Featured Items' }).waitFor();
      await expect.poll(() => rootOf(page)).toEqual({ inert: false, ariaDisabled: null });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a visitor's landing page comes rendered too, and is taken over without a mismatch", async () => {
    const html = await (await fetch(`${e2e.server.baseUrl}/`, { headers: { accept: 'text/html' } })).text();
    const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('</body>'));
    expect(root.startsWith('<div id="root" inert aria-disabled="true">')).toBe(true);
    expect(root).toContain('Sign In with Google');
    const { context, page } = await e2e.open({ viewport: 'phone' });
    try {
      const errors = errorsOf(page);
      await page.goto('/');
      await page.getByRole('link', { name: 'Sign In with Google' }).waitFor();
      await expect.poll(() => rootOf(page)).toEqual({ inert: false, ariaDisabled: null });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the page a sign-in that did not happen ends on comes rendered, and is taken over without a mismatch', async () => {
    const { context, page } = await e2e.open({ viewport: 'phone' });
    try {
      const errors = errorsOf(page);
      await page.goto('/sign-in-error?reason=cancelled');
      await page.getByRole('heading', { name: 'Sign-in cancelled' }).waitFor();
      await expect.poll(() => rootOf(page)).toEqual({ inert: false, ariaDisabled: null });
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.getByRole('link', { name: 'Sign In with Google' }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a visitor's shop list is the guard's notice, sent by the server, which goes on to sign in by itself", async () => {
    const res = await fetch(`${e2e.server.baseUrl}/products`, { headers: { accept: 'text/html' } });
    const html = await res.text();
    const leave = /<script>([^<]*)<\/script>/.exec(html)![1]!;
    const hash = createHash('sha256').update(leave).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}'`);
    for (const viewport of ['desktop', 'phone'] as const) {
      const { context, page } = await e2e.open({ viewport });
      try {
        const errors = errorsOf(page);
        const scripts: string[] = [];
        page.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(request.url());
        });
        // First kept on the notice, for its picture and the accessibility check: its way on answers "No Content",
        // which leaves a browser on the page it is on.
        let held!: () => void;
        const left = new Promise<void>((resolve) => (held = resolve));
        await page.route('**/api/login**', async (route) => {
          await route.fulfill({ status: 204 });
          held();
        });
        await page.goto('/products');
        await page.getByRole('alert').getByText('Unauthorized').waitFor();
        await left;
        await screenshot(page, `first-screen-visitor-guard-${viewport}`);
        await expectNoSeriousAxeViolations(page);
        await page.unrouteAll();
        // Then on to sign in.
        const toasts = await recordToasts(page);
        await page.goto('/products');
        await expect.poll(() => toasts).toContainEqual(expect.stringMatching(/Unauthorized/));
        await page.getByRole('heading', { name: 'Development sign-in' }).waitFor();
        // The guard's page started no application script (the sign-in page is the provider's own).
        expect(scripts.filter((url) => url.includes('/assets/'))).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
