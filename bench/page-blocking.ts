import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { SESSION_COOKIE } from '../src/server/auth/sessions';
import { loadAverage, median, startDemoBuild } from './lib';

/*
 * The main thread's blocking time on one page, in Chromium with its CPU slowed 4x (a phone, as Lighthouse
 * emulates it, but throttled for real rather than simulated): the sum over the long tasks after the first
 * contentful paint of their time beyond 50 ms, read from the page's own PerformanceObserver, over 7 s from
 * navigation. Lighthouse's total blocking time swings by 2x between runs on a shared machine; this compares
 * builds side by side instead. PAGE_BUILDS lists checkouts, each built (`npm run build`), default this one;
 * their compiled servers run at once, on databases of their own with the seed's demo data, and are loaded in
 * alternation (A B, B A, …) so that the machine's moments fall on both. PAGE (default /products), PAGE_STATE
 * (`in`, as the demo customer, or `out`), PAGE_LANGUAGE (default en), PAGE_RUNS per build (default 10).
 * No bare route: it measures the page.
 */
const BUILDS = (process.env.PAGE_BUILDS ?? '.').split(',').map((dir) => resolve(dir));
const PAGE = process.env.PAGE ?? '/products';
const SIGNED_IN = (process.env.PAGE_STATE ?? 'in') === 'in';
const LANGUAGE = process.env.PAGE_LANGUAGE ?? 'en';
const RUNS = Number(process.env.PAGE_RUNS ?? 10);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function startBuild(dir: string) {
  return { dir, ...(await startDemoBuild(dir, 'page')), blocking: [] as number[], fcp: [] as number[] };
}

const builds = [];
const browser = await chromium.launch({ executablePath: CHROME });
try {
  for (const dir of BUILDS) builds.push(await startBuild(dir));
  const load = loadAverage();
  for (let run = 0; run < RUNS; run++)
    for (const build of run % 2 ? [...builds].reverse() : builds) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: LANGUAGE });
      if (SIGNED_IN) await context.addCookies([{ name: SESSION_COOKIE, value: build.token, url: build.baseUrl }]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        const tasks: [number, number][] = [];
        Object.assign(window, { longTasks: tasks });
        new PerformanceObserver((list) => {
          for (const task of list.getEntries()) tasks.push([task.startTime, task.duration]);
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(build.baseUrl + PAGE);
      await page.waitForTimeout(7000);
      const { tasks, fcp } = await page.evaluate(() => ({
        tasks: (window as unknown as { longTasks: [number, number][] }).longTasks,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      }));
      build.blocking.push(
        Math.round(tasks.filter(([start]) => start >= fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0)),
      );
      build.fcp.push(Math.round(fcp));
      await context.close();
    }
  console.log(
    `${PAGE} signed ${SIGNED_IN ? 'in' : 'out'}, ${LANGUAGE}, 4x CPU slowdown, ${RUNS} runs each (load ${load}):`,
  );
  console.table(
    builds.map((build) => ({
      build: build.dir,
      'blocking ms, median': median(build.blocking),
      'all runs': build.blocking.join(' '),
      'first contentful paint ms, median': median(build.fcp),
    })),
  );
} finally {
  await browser.close();
  for (const build of builds) await build.stop();
}
