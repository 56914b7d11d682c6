// `npm run test:dates`: the PGlite and e2e suites under a faked system clock (libfaketime, Debian package
// `faketime`), on the calendar days where date handling breaks: a Sunday, both clock changes of the demo
// business time zone (America/New_York), the last day of the year, and 23:30 business time (already the next
// day in UTC). A test that picks "today" or "2:00 PM" by habit instead of from the data fails on one of them.
//
//   npm run test:dates                                   every day, both projects
//   npm run test:dates -- fall-back                      one day (a name below, or 'YYYY-MM-DD hh:mm:ss' UTC)
//   npm run test:dates -- sunday --project e2e           one project
//   npm run test:dates -- year-end -- e2e/booking.e2e.ts  extra vitest arguments (files, -t …) after --
//
// PostgreSQL runs outside the fake clock (its now() is the real day), so its project is out of scope here.
// The clock starts at the given time and runs; FAKETIME_DONT_RESET makes every child process (vitest workers,
// Chromium launched by playwright-core, which inherits LD_PRELOAD) continue the same clock instead of
// starting over at the given time.
import { spawnSync } from 'node:child_process';

/** Start times in UTC, each with the business-time reading that makes it interesting. */
const DAYS = {
  // 10:00 on a Sunday in New York.
  sunday: '2026-11-29 15:00:00',
  // 01:30 EDT: the hour that happens twice; clocks go back at 06:00 UTC, during the run.
  'fall-back': '2026-11-01 05:30:00',
  // 01:30 EST: half an hour before 02:00–03:00 is skipped (07:00 UTC), during the run.
  'spring-forward': '2027-03-14 06:30:00',
  // 11:00 EST on 31 December.
  'year-end': '2026-12-31 16:00:00',
  // 23:30 EST on Wednesday 9 December, already Thursday 10 December in UTC.
  'late-evening': '2026-12-10 04:30:00',
};
const PROJECTS = ['pglite', 'e2e'];

function parseArgs(argv) {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const passThrough = split === -1 ? [] : argv.slice(split + 1);
  const days = [];
  const projects = [];
  for (let i = 0; i < own.length; i++) {
    const arg = own[i];
    if (arg === '--project') {
      const project = own[++i];
      if (!PROJECTS.includes(project)) fail(`--project takes one of: ${PROJECTS.join(', ')}.`);
      projects.push(project);
    } else if (arg in DAYS) {
      days.push([arg, DAYS[arg]]);
    } else if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(arg)) {
      days.push([arg, arg]);
    } else {
      fail(`Unknown day "${arg}": use one of ${Object.keys(DAYS).join(', ')} or 'YYYY-MM-DD hh:mm:ss' (UTC).`);
    }
  }
  return {
    days: days.length ? days : Object.entries(DAYS),
    projects: projects.length ? projects : PROJECTS,
    passThrough,
  };
}

function fail(message) {
  console.error(message);
  process.exit(2);
}

function run(command, args, env = process.env) {
  return spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;
}

const { days, projects, passThrough } = parseArgs(process.argv.slice(2));
if (spawnSync('faketime', ['--version'], { stdio: 'ignore' }).status !== 0)
  fail('faketime is not installed (Debian: apt-get install faketime).');
// The client build does not depend on the day; build it once, on the real clock.
if (projects.includes('e2e') && run('npx', ['vite', 'build', '--logLevel', 'warn']) !== 0) process.exit(1);

// TZ=UTC: the start times above are UTC whatever the machine's zone. DATABASE_URL is dropped so nothing
// reaches the real-clock PostgreSQL.
const env = { ...process.env, TZ: 'UTC', FAKETIME_DONT_RESET: '1' };
delete env.DATABASE_URL;
const results = [];
for (const [name, start] of days) {
  console.log(`\n=== ${name}: clock starts at ${start} UTC ===`);
  const vitest = ['npx', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...passThrough];
  results.push([name, start, run('faketime', ['-f', `@${start}`, ...vitest], env)]);
}

console.log('\n=== test:dates ===');
for (const [name, start, status] of results) {
  console.log(`${status === 0 ? 'pass' : 'FAIL'}  ${name.padEnd(15)} ${start} UTC`);
}
process.exit(results.every(([, , status]) => status === 0) ? 0 : 1);
