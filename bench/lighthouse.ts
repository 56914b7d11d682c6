import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { SESSION_COOKIE } from '../src/server/auth/sessions';
import { loadAverage, median, startDemoBuild } from './lib';

/*
 * Lighthouse (mobile emulation: simulated slow 4G, 4x CPU slowdown) on /, /products and /services, signed out
 * and signed in as a customer, against the production build (`npm run build`, then the compiled server with
 * NODE_ENV=production on PostgreSQL with the demo data added by the seed command). Three runs per page and
 * state and language (English and Spanish); prints the medians and the load average before each case. Lighthouse
 * is pinned and installed into .tmp/lighthouse at bench time, never into the app's dependencies. Goal:
 * performance >= 98, accessibility 100, best practices 100.
 */
const LIGHTHOUSE_VERSION = '12.8.2';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// To look at one case: LIGHTHOUSE_PAGES=/products LIGHTHOUSE_STATES="signed out".
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/products,/services').split(',');
const STATES = process.env.LIGHTHOUSE_STATES?.split(',');
// The browser asks for each language in turn (Accept-Language), as a visitor's does; LIGHTHOUSE_LANGUAGE=es for one.
const LANGUAGES = (process.env.LIGHTHOUSE_LANGUAGE ?? 'en,es').split(',');
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const scratch = '.tmp/lighthouse';
const reports = '.tmp/lighthouse-reports';
const cli = `${scratch}/node_modules/lighthouse/cli/index.js`;

function installLighthouse() {
  const installed = `${scratch}/node_modules/lighthouse/package.json`;
  if (existsSync(installed) && JSON.parse(readFileSync(installed, 'utf8')).version === LIGHTHOUSE_VERSION) return;
  mkdirSync(scratch, { recursive: true });
  // Its own package.json keeps npm from walking up into the app's.
  writeFileSync(`${scratch}/package.json`, '{ "private": true }\n');
  console.log(`Installing lighthouse@${LIGHTHOUSE_VERSION} into ${scratch} …`);
  execFileSync(
    'npm',
    ['install', '--prefix', scratch, '--no-audit', '--no-fund', '--no-save', `lighthouse@${LIGHTHOUSE_VERSION}`],
    { stdio: 'inherit' },
  );
}

interface Result {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  failing: string[];
}

function lighthouse(url: string, cookie: string | undefined, language: string, name: string): Result {
  const args = [
    cli,
    url,
    '--output=json',
    `--output-path=${reports}/${name}.json`,
    '--only-categories=performance,accessibility,best-practices',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run',
    '--quiet',
    `--extra-headers=${JSON.stringify({ ...(cookie && { Cookie: cookie }), 'Accept-Language': language })}`,
  ];
  // Lighthouse now and then fails to record a trace ("NO_NAVSTART: Please run Lighthouse again"), on a busy
  // machine twice in a row: up to two retries.
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(process.execPath, args, {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, CHROME_PATH: CHROME },
      });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`${name}: Lighthouse failed, running it again`);
    }
  }
  const lhr = JSON.parse(readFileSync(`${reports}/${name}.json`, 'utf8'));
  const score = (id: string) => Math.round(lhr.categories[id].score * 100);
  const value = (id: string) => lhr.audits[id].numericValue as number;
  const failing = ['performance', 'accessibility', 'best-practices'].flatMap((category) =>
    (lhr.categories[category].auditRefs as { id: string; weight: number }[])
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'manual',
      )
      .map((audit) => `${category}:${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    failing,
  };
}

installLighthouse();
mkdirSync(reports, { recursive: true });
if (!process.env.LIGHTHOUSE_SKIP_BUILD)
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });

const { baseUrl, token, stop } = await startDemoBuild('.', 'lighthouse');
try {
  const states = { 'signed out': undefined, 'signed in': `${SESSION_COOKIE}=${token}` };

  const rows = [];
  for (const language of LANGUAGES)
    for (const path of PAGES) {
      for (const [state, cookie] of Object.entries(states).filter(([state]) => !STATES || STATES.includes(state))) {
        const load = loadAverage();
        const runs: Result[] = [];
        for (let run = 1; run <= RUNS; run++) {
          const name = `${language}-${path === '/' ? 'home' : path.slice(1)}-${state.replace(' ', '-')}-${run}`;
          runs.push(lighthouse(`${baseUrl}${path}`, cookie, language, name));
        }
        const failing = [...new Set(runs.flatMap((r) => r.failing))];
        rows.push({
          language,
          page: path,
          state,
          'load average': load,
          performance: median(runs.map((r) => r.performance)),
          'all runs': runs.map((r) => r.performance).join(' '),
          accessibility: median(runs.map((r) => r.accessibility)),
          'best practices': median(runs.map((r) => r.bestPractices)),
          'FCP s': (median(runs.map((r) => r.fcp)) / 1000).toFixed(1),
          'LCP s': (median(runs.map((r) => r.lcp)) / 1000).toFixed(1),
          'TBT ms': Math.round(median(runs.map((r) => r.tbt))),
          CLS: median(runs.map((r) => r.cls)).toFixed(3),
        });
        console.log(
          `${language} ${path} ${state} (load ${load}): performance ${runs.map((r) => r.performance).join(', ')}${failing.length ? `; below 0.9: ${failing.join(', ')}` : ''}`,
        );
      }
    }
  console.log(`\nLighthouse ${LIGHTHOUSE_VERSION}, medians of ${RUNS} runs (reports in ${reports}/):`);
  console.table(rows);
} finally {
  await stop();
}
