import axe from 'axe-core';
import { mkdirSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import { seedDemoData } from '../src/server/demo/seed';
import { buildApp } from '../src/server/app';
import { createSession, SESSION_COOKIE } from '../src/server/auth/sessions';
import type { Payments } from '../src/server/payments/payments';
import type { Catalogue } from '../src/shared/i18n/catalogue';
import { createTestDatabase, testEnv } from '../src/testing/test-server';

const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof viewports;

export const SCREENSHOT_DIR = '.tmp/screenshots';

/**
 * The whole app as a person meets it: built client, demo data, in-memory PGlite, on a real port.
 * The client must be built first (`npm test` does that). payments replaces the ones the environment
 * would give (cards through an offline Stripe); pageCatalogue, the catalogue every page carries whatever its
 * language (the pseudo language).
 */
export async function startE2eApp(opts: { payments?: Payments; pageCatalogue?: Catalogue } = {}) {
  const database: Database = await createTestDatabase();
  // Port 0 picks a free port; PUBLIC_URL must then match, so a probe takes the port first and the env is built
  // from its address. The probe holds the port while the demo data is written (seconds), and lets go of it just
  // before the app listens: released any earlier, another process could be given it in between.
  const probe = await import('node:net').then(({ createServer }) => createServer());
  const port = await new Promise<number>((resolve) =>
    probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port)),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = testEnv({ PUBLIC_URL: baseUrl });
  await seedDemoData(database.db, { publicUrl: baseUrl });
  const app = await buildApp({ database, env, payments: opts.payments }, { pageCatalogue: opts.pageCatalogue });
  await app.ready();
  await new Promise((resolve) => probe.close(resolve));
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    database,
    env,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Chromium's features the journeys turn off. Headless Chromium opens a window for every browser context, and each
 * window loaded its address bar's suggestion popup (a page of its own, in a renderer of its own): 0.4 s of CPU per
 * context on a 2-core machine, half of what a context cost, for a popup nobody opens. Chromium keeps only the last
 * `--disable-features`, so the list Playwright passes (playwright-core 1.65's) is repeated before the popup's.
 */
const disabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--disable-features=${disabledFeatures.join(',')}`,
    ],
  });
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * The Chromium of this vitest worker, launched on first use. Files in a worker share its modules (isolate: false),
 * so they share the browser too: a launch and close took half a second to a second more than a fresh context on a
 * busy machine. Each file still opens its own contexts (openPage), so no cookies or storage pass from one file to
 * the next. A browser that has crashed or been closed is forgotten and the next file launches another. Nothing here
 * closes it: when vitest stops the worker, Playwright's own handlers (SIGTERM, exit) close or kill the browsers it
 * launched, and Chromium quits when its pipe to the worker closes.
 */
function sharedBrowser(): Promise<Browser> {
  if (!workerBrowser) {
    const launching = launchBrowser();
    const forget = () => {
      if (workerBrowser === launching) workerBrowser = undefined;
    };
    launching.then((browser) => browser.on('disconnected', forget), forget);
    workerBrowser = launching;
  }
  return workerBrowser;
}

/**
 * A fresh browser context (own cookies) at a viewport, optionally signed in with a session cookie value "sid=…",
 * and with the browser's language (Accept-Language; en-US unless given).
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  opts: { viewport: ViewportName; cookie?: string; locale?: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: opts.locale ?? 'en-US',
    viewport: viewports[opts.viewport],
    isMobile: opts.viewport === 'phone',
    hasTouch: opts.viewport === 'phone',
    baseURL: baseUrl,
  });
  if (opts.cookie) {
    const [name, value] = opts.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  }
  const page = await context.newPage();
  // How long to wait for what a step expects to see: seconds when the machine is idle, far more when it is not.
  page.setDefaultTimeout(30_000);
  keepPageLog(page);
  return { context, page };
}

/**
 * What a page did that explains a wait that timed out: the app's calls that failed or took over a second, the
 * toasts it showed, its errors. Read by expectToast when a toast never comes (a missed toast on a busy machine
 * said nothing else of why).
 */
const pageLogs = new WeakMap<Page, string[]>();

function keepPageLog(page: Page) {
  const log: string[] = [];
  pageLogs.set(page, log);
  const started = Date.now();
  const note = (line: string) => log.push(`+${((Date.now() - started) / 1000).toFixed(1)} s ${line}`);
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (!/^\/(api|trpc)\//.test(path)) return;
    // Milliseconds from the request's start (-1 when unknown).
    const took = request.timing().responseEnd;
    request.response().then(
      (response) => {
        const status = response?.status() ?? 0;
        if (status >= 400 || took > 1000) note(`${request.method()} ${path} ${status} in ${Math.round(took)} ms`);
      },
      // The journey closed its page before the response was read: nothing is waiting for this log any more.
      () => {},
    );
  });
  page.on('requestfailed', (request) =>
    note(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`),
  );
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text()}`);
  });
}

/** A session for an existing (e.g. seeded) user, as the Cookie value to send. */
export async function sessionCookieFor(database: Database, email: string): Promise<string> {
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!user) throw new Error(`No user ${email}`);
  const { token } = await createSession(database.db, user.id);
  return `${SESSION_COOKIE}=${token}`;
}

/** A toast by its exact title: the newest with that title, since an earlier one may still be showing. */
export const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toaster]').getByText(title, { exact: true }).first();

/**
 * Waits for a toast by its exact title (toast). When it never comes, the failure also says what the page showed
 * and did meanwhile: the toasts on screen, and the page's log (keepPageLog).
 */
export async function expectToast(page: Page, title: string) {
  try {
    await toast(page, title).waitFor();
  } catch (failure) {
    const onScreen = await page
      .locator('[data-sonner-toaster] [role=status], [data-sonner-toaster] [role=alert]')
      .allTextContents()
      .catch(() => ['(page closed)']);
    const log = pageLogs.get(page) ?? [];
    throw new Error(
      [
        `Toast "${title}" not seen at ${page.url()}.`,
        `Toasts on screen: ${onScreen.length ? onScreen.join(' | ') : 'none'}.`,
        `Calls failed or slow, errors: ${log.length ? `\n  ${log.slice(-20).join('\n  ')}` : 'none'}.`,
      ].join('\n'),
      { cause: failure },
    );
  }
}

/**
 * The texts of the toasts (role status or alert) a page shows from now on, across its navigations: for a toast whose
 * page leaves a moment later (a guard's lives half a second), which a wait for it can miss, since Playwright's
 * checks of a locator space out to a second apart.
 */
export async function recordToasts(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeBinding('toastShown', (_source, text: string) => void seen.push(text));
  await page.addInitScript(() => {
    const reported = new Set<string>();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[role=status], [role=alert]')) {
        const text = toast.textContent ?? '';
        if (text && !reported.has(text)) {
          reported.add(text);
          (window as unknown as { toastShown(text: string): void }).toastShown(text);
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return seen;
}

/** Waits until nothing is moving in or out (a toast sliding in, a dialog fading), spinners aside. */
async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Saves a full-page screenshot under .tmp/screenshots for a person to look at, once animations have settled.
 * E2E_SCREENSHOTS=off (CI, where nobody looks) only waits: encoding the PNGs took a tenth of the journeys' time.
 */
export async function screenshot(page: Page, name: string) {
  await animationsSettled(page);
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

/**
 * axe on the page as it is now. Its source goes into a document once (a page keeps it across its own route
 * changes), and the run reports violations only. @axe-core/playwright put the 600 KB source in again for every
 * check and finished each one in a new blank page: half of a journey's time went to it. The app has no frames, so
 * a run in the page itself sees everything.
 */
async function runAxe(page: Page): Promise<axe.AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const results = await runAxe(page);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}: ${(n.failureSummary ?? '').replaceAll('\n', ' ')}`).join('\n')}`,
    );
}

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation, listing each rule with the
 * elements it found, so the message says what to fix. A violation is looked at twice: axe takes a while, and a toast
 * whose time runs out during it is measured half faded (its text at half contrast). What is still wrong once that
 * has settled is the page's.
 */
export async function expectNoSeriousAxeViolations(page: Page) {
  let found = await seriousAxeViolations(page);
  if (found.length > 0) found = await seriousAxeViolations(page);
  expect(found, `axe on ${page.url()}`).toEqual([]);
}

/**
 * For a step a journey takes at one viewport only: the screen as it is now, at both viewports (the window is resized,
 * then put back), each with a screenshot `<name>-<viewport>` and the axe check.
 */
export async function checkScreenAtBothViewports(page: Page, name: string) {
  const original = page.viewportSize();
  for (const [viewport, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${viewport}`);
    await expectNoSeriousAxeViolations(page);
  }
  if (original) await page.setViewportSize(original);
}

type E2eApp = Awaited<ReturnType<typeof startE2eApp>>;

export interface E2eSession {
  server: E2eApp;
  browser: Browser;
  /** A fresh browser context on this file's app (see openPage). */
  open(opts: {
    viewport: ViewportName;
    cookie?: string;
    locale?: string;
  }): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * A journey file's app and browser (the worker's, see sharedBrowser): ready before the beforeAll hooks registered
 * after this call; the app and the file's browser contexts are closed after its tests. payments and pageCatalogue
 * are asked for when the app starts (see startE2eApp).
 */
export function useE2eApp(options: { payments?: () => Payments; pageCatalogue?: () => Catalogue } = {}): E2eSession {
  const session = { open: (opts) => openPage(session.browser, session.server.baseUrl, opts) } as E2eSession;
  beforeAll(async () => {
    session.server = await startE2eApp({
      payments: options.payments?.(),
      pageCatalogue: options.pageCatalogue?.(),
    });
    session.browser = await sharedBrowser();
  });
  afterAll(async () => {
    // The contexts a file opened and left open go with it; the browser stays for the worker's next file.
    await Promise.all(session.browser?.contexts().map((context) => context.close()) ?? []);
    await session.server?.close();
  });
  return session;
}
