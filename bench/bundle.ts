import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { launchBrowser, openPage, sessionCookieFor, startE2eApp } from '../e2e/harness';

/*
 * The JavaScript a signed-in customer's browser loads for /products on a cold start (empty cache), gzipped.
 * Measured in real Chromium against the built client, so lazy chunks and preloads count exactly as they
 * load. Each script is told apart by when it started: with the page (before its load event: what the first
 * paint waits for) or after it (the parts of the page below the fold that load later, such as the gift card
 * section). Budget: 180 kB gzipped for all of it; the admin area and the employee portal must stay in chunks of
 * their own.
 */
const BUDGET_KB = 180;

execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
const server = await startE2eApp();
const browser = await launchBrowser();
try {
  const cookie = await sessionCookieFor(server.database, 'alex.morgan@example.com');
  const { context, page } = await openPage(browser, server.baseUrl, { viewport: 'desktop', cookie });
  const scripts: { file: string; raw: number; gzip: number; sent: string; url: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        scripts.push({
          url: response.url(),
          file: new URL(response.url()).pathname,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          sent: response.headers()['content-encoding'] ?? 'identity',
        });
      }),
    );
  });
  await page.goto('/products');
  await page.getByTestId('product-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  // Started before the page's load event or after it, as the browser timed them.
  const afterLoad = new Set(
    await page.evaluate(() => {
      const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= loaded)
        .map((entry) => entry.name);
    }),
  );
  await context.close();

  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  const withPage = scripts.filter((s) => !afterLoad.has(s.url)).reduce((sum, s) => sum + s.gzip, 0);
  console.table(
    scripts.map((s) => ({
      file: s.file,
      started: afterLoad.has(s.url) ? 'after load' : 'with the page',
      'raw kB': (s.raw / 1024).toFixed(1),
      'gzip kB': (s.gzip / 1024).toFixed(1),
      'served as': s.sent,
    })),
  );
  console.log(
    `JavaScript for /products on a cold start: ${(total / 1024).toFixed(1)} kB gzipped (budget ${BUDGET_KB} kB), ` +
      `${(withPage / 1024).toFixed(1)} kB of it with the page, ${((total - withPage) / 1024).toFixed(1)} kB after its load event`,
  );
  const leaked = scripts.filter((s) => /admin-routes|employee-routes/.test(s.file));
  if (leaked.length > 0)
    throw new Error(`Admin or portal code loaded on /products: ${leaked.map((s) => s.file).join(', ')}`);
  if (total > BUDGET_KB * 1024) {
    console.error('Over budget.');
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.close();
}
