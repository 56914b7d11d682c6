import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { createDb, type Tx } from '../db/client';
import { users, webhookEndpoints } from '../db/schema/index';
import { createSession } from '../src/server/auth/sessions';
import { createPostgresDatabase } from '../src/testing/postgres-database';
import type { WebhookEventType } from '../src/shared/webhook-schema';

/** PostgreSQL server the benchmarks create their own databases on. */
export const ADMIN_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh database for one benchmark run; dropped by its drop. */
export const createBenchDatabase = (name: string) => createPostgresDatabase(ADMIN_DATABASE_URL, `bench_${name}`);

export async function freePort(): Promise<number> {
  const server = createServer();
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// The Node flags `npm start` runs the server with (package.json "start"), so that servers here run as deployed.
const startFlags = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

/**
 * Resolves once `url` answers OK. Up to two minutes: on a busy machine, compiling the TypeScript at start-up alone
 * can take most of one. Throws if the server (`what`) exits first.
 */
async function answering(server: ChildProcess, url: string, what: string) {
  for (let i = 0; ; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (server.exitCode !== null) throw new Error(`${what} exited with ${server.exitCode}`);
    if (i === 1200) throw new Error(`${what} did not answer ${url} within two minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts a server script in its own Node process (so the load generator never shares its event loop)
 * and waits until it answers on `readyPath`.
 */
export async function startServer(script: string, env: Record<string, string>, readyPath = '/healthz') {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, ...startFlags, '--import', 'tsx', script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await answering(child, url + readyPath, script);
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The production way to a demo business: on a database of its own, the compiled seed command, then the compiled
 * server with NODE_ENV=production, from the checkout `dir` (built with `npm run build`). Resolves once it answers
 * /readyz, with a session token for the demo customer.
 */
export async function startDemoBuild(dir: string, name: string) {
  const database = await createBenchDatabase(name);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: `${name}-bench`,
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
  };
  execFileSync(process.execPath, ['dist/server/seed.js'], { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: dir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await database.drop();
  };
  try {
    await answering(server, `${baseUrl}/readyz`, `the server in ${dir}`);
    const db = await createDb({ url: database.url, maxConnections: 1 });
    try {
      const [customer] = await db.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'alex.morgan@example.com'));
      const { token } = await createSession(db.db, customer!.id);
      return { baseUrl, token, stop };
    } finally {
      await db.close();
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface LoadResult {
  requestsPerSec: number;
  p99: number;
  p50: number;
  errors: number;
  non2xx: number;
}

/** autocannon at 50 connections: a short warm-up, then the measured run. */
export async function load(
  url: string,
  opts: { connections?: number; duration?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const base = { url, connections: opts.connections ?? 50, headers: opts.headers };
  await autocannon({ ...base, duration: 2 });
  const result = await autocannon({ ...base, duration: opts.duration ?? 10 });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p99: result.latency.p99,
    p50: result.latency.p50,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function printComparison(title: string, full: LoadResult, bare: LoadResult, target: string) {
  const ratio = full.requestsPerSec / bare.requestsPerSec;
  console.log(`\n${title}`);
  console.table({ 'full stack': full, 'bare route': bare });
  console.log(`ratio full/bare: ${ratio.toFixed(2)} (target ${target}); full-stack p99 ${full.p99} ms`);
  return ratio;
}

/** A process's name, parent and CPU time (user + system, ms) so far, from /proc (Linux); undefined once it is gone. */
function processStat(pid: number): { name: string; parent: number; cpuMs: number } | undefined {
  let line: string;
  try {
    line = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const name = line.slice(line.indexOf('(') + 1, line.lastIndexOf(')'));
  const fields = line.slice(line.lastIndexOf(') ') + 2).split(' ');
  // The parent is field 4 of the line; utime and stime are fields 14 and 15, in clock ticks (100 per second).
  return { name, parent: Number(fields[1]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 };
}

/** CPU time (user + system, ms) a process has used so far. */
export function cpuMs(pid: number): number {
  return processStat(pid)?.cpuMs ?? 0;
}

function allProcesses() {
  return readdirSync('/proc').flatMap((entry) => {
    const stat = /^\d+$/.test(entry) ? processStat(Number(entry)) : undefined;
    return stat ? [{ pid: Number(entry), ...stat }] : [];
  });
}

/** CPU time (ms) of a process and of its children that are still running (an app's worker processes). */
export function treeCpuMs(pid: number): number {
  return allProcesses()
    .filter((p) => p.pid === pid || p.parent === pid)
    .reduce((sum, p) => sum + p.cpuMs, 0);
}

/** A process's command line as `ps` shows it; PostgreSQL writes each backend's user and database there. */
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * CPU time (ms) of this machine's PostgreSQL backends connected to `database` and still running (the servers'
 * connections stay open across a scenario); 0 when the database runs elsewhere. Backends of other databases
 * (other work on a shared machine) are left out, and so are the WAL writer and checkpointer, which serve all
 * databases alike: the figure is the queries' own CPU, a little under PostgreSQL's whole cost.
 */
export function databaseCpuMs(database: string): number {
  return allProcesses()
    .filter((p) => p.name === 'postgres' && commandLine(p.pid).includes(` ${database} `))
    .reduce((sum, p) => sum + p.cpuMs, 0);
}

export interface Interleaved {
  full: LoadResult;
  bare: LoadResult;
  /** Server CPU time per answered request (µs), over all rounds: what a request costs, whatever else runs. */
  cpuPerRequestUs: { full: number; bare: number };
  /** The same for the PostgreSQL backends serving the benchmark's database (`databaseCpuMs`). */
  databaseCpuPerRequestUs: { full: number; bare: number };
  /** Full-stack requests over bare requests, over all rounds. */
  ratio: number;
  rounds: { full: LoadResult; bare: LoadResult }[];
}

/**
 * Full stack and bare route measured in alternating rounds (full, bare, then bare, full, ...) with both
 * servers up, so that load from other processes on the machine falls on both sides alike instead of on
 * whichever happened to run during a busy moment. requests/s are totals over the rounds; p99 is the median
 * of the rounds' p99 (the worst round's is printed beside it). Both servers use the database `database`; only
 * one is loaded at a time, so its backends' CPU during a round is that side's. `headers` may be a function,
 * called for every request (a different API key each time, say).
 */
export async function compareInterleaved(
  fullServer: { url: string; pid: number },
  bareServer: { url: string; pid: number },
  path: string,
  database: string,
  opts: { rounds?: number; duration?: number; headers?: Record<string, string> | (() => Record<string, string>) } = {},
): Promise<Interleaved> {
  const rounds = opts.rounds ?? 4;
  const duration = opts.duration ?? 5;
  const fullUrl = fullServer.url + path;
  const bareUrl = bareServer.url + path;
  const { headers } = opts;
  const perRequest: Partial<Parameters<typeof autocannon>[0]> =
    typeof headers === 'function'
      ? { requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...headers() } }) }] }
      : { headers };
  const cpu = { full: { ms: 0, databaseMs: 0, requests: 0 }, bare: { ms: 0, databaseMs: 0, requests: 0 } };
  const run = async (url: string) => {
    const side = url === fullUrl ? 'full' : 'bare';
    const pid = side === 'full' ? fullServer.pid : bareServer.pid;
    const before = cpuMs(pid);
    const databaseBefore = databaseCpuMs(database);
    const result = await autocannon({ url, connections: 50, ...perRequest, duration });
    cpu[side].ms += cpuMs(pid) - before;
    cpu[side].databaseMs += databaseCpuMs(database) - databaseBefore;
    cpu[side].requests += result.requests.total;
    return {
      requestsPerSec: Math.round(result.requests.average),
      p99: result.latency.p99,
      p50: result.latency.p50,
      errors: result.errors,
      non2xx: result.non2xx,
    };
  };
  // Warm-up by count, not time: on a busy machine 2 s may be a few hundred requests, too few for the JIT to
  // settle (the full stack has far more code to compile), and the first measured round then pays for it.
  await autocannon({ url: fullUrl, connections: 50, ...perRequest, amount: 5000 });
  await autocannon({ url: bareUrl, connections: 50, ...perRequest, amount: 5000 });
  const results: { full: LoadResult; bare: LoadResult }[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      const full = await run(fullUrl);
      results.push({ full, bare: await run(bareUrl) });
    } else {
      const bare = await run(bareUrl);
      results.push({ full: await run(fullUrl), bare });
    }
  }
  const combine = (side: 'full' | 'bare'): LoadResult => {
    const all = results.map((r) => r[side]);
    return {
      requestsPerSec: Math.round(all.reduce((n, r) => n + r.requestsPerSec, 0) / all.length),
      p99: median(all.map((r) => r.p99)),
      p50: median(all.map((r) => r.p50)),
      errors: all.reduce((n, r) => n + r.errors, 0),
      non2xx: all.reduce((n, r) => n + r.non2xx, 0),
    };
  };
  const full = combine('full');
  const bare = combine('bare');
  const us = (side: 'full' | 'bare', ms: 'ms' | 'databaseMs') =>
    Math.round((cpu[side][ms] * 1000) / Math.max(1, cpu[side].requests));
  return {
    full,
    bare,
    ratio: full.requestsPerSec / bare.requestsPerSec,
    rounds: results,
    cpuPerRequestUs: { full: us('full', 'ms'), bare: us('bare', 'ms') },
    databaseCpuPerRequestUs: { full: us('full', 'databaseMs'), bare: us('bare', 'databaseMs') },
  };
}

export function printInterleaved(title: string, result: Interleaved, target: string) {
  console.log(`\n${title}`);
  console.table(
    result.rounds.map((r, i) => ({
      round: i + 1,
      'full req/s': r.full.requestsPerSec,
      'full p99': r.full.p99,
      'bare req/s': r.bare.requestsPerSec,
      'bare p99': r.bare.p99,
      ratio: +(r.full.requestsPerSec / r.bare.requestsPerSec).toFixed(2),
    })),
  );
  console.table({ 'full stack': result.full, 'bare route': result.bare });
  const worst = Math.max(...result.rounds.map((r) => r.full.p99));
  console.log(
    `ratio full/bare: ${result.ratio.toFixed(2)} (target ${target}); full-stack p99 ${result.full.p99} ms (median of rounds; worst round ${worst} ms)`,
  );
  const { full, bare } = result.cpuPerRequestUs;
  const database = result.databaseCpuPerRequestUs;
  console.log(
    `server CPU per request: full ${full} µs, bare ${bare} µs; server CPU ratio bare/full ${(bare / full).toFixed(2)} ` +
      '(the servers alone: it hardly depends on other load, and leaves PostgreSQL out)',
  );
  console.log(
    `PostgreSQL CPU per request (the benchmark's database's backends): full ${database.full} µs, bare ${database.bare} µs; ` +
      `server + PostgreSQL CPU ratio bare/full ${((bare + database.bare) / (full + database.full)).toFixed(2)}`,
  );
}

/**
 * The server settings a local webhook receiver needs: in production the app delivers only to public https
 * addresses, and the receiver listens on loopback. Printed beside the figures as the one setting changed.
 */
export const LOOPBACK_WEBHOOKS = { WEBHOOK_ALLOW_PRIVATE: 'true' };

/**
 * A webhook endpoint listening as the product's default has one where writes emit events: a local receiver that
 * answers 204 at once, subscribed to `events`, so that writes pay for their events, deliveries and delivery
 * jobs as in production. The server needs LOOPBACK_WEBHOOKS. `received()`: the deliveries that arrived so far.
 */
export async function listenForWebhooks(db: Tx, events: WebhookEventType[]) {
  let received = 0;
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  await db.insert(webhookEndpoints).values({ url, events, secret: `whsec_${'A'.repeat(44)}` });
  return {
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The value below which p percent of the values lie (NaN for none). */
export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values: number[]) => percentile(values, 50);

/** The machine's load averages (1, 5, 15 min), printed beside each figure: what else was running. */
export const loadAverage = () =>
  loadavg()
    .map((v) => v.toFixed(1))
    .join(' ');

/**
 * A job runner in its own Node process, as an app instance runs it: connects, says `ready`, starts on `go`
 * (a line on its stdin), stops and exits on `stop`. `imports` and `jobs` are module source: the list of jobs
 * given to createJobRunner, with `database` in scope. Lines it prints reach `lines`.
 */
export function runnerProcess(url: string, imports: string, jobs: string) {
  const source = `
    import { createInterface } from 'node:readline';
    import { createDb } from './db/client.ts';
    import { createJobRunner } from './src/server/jobs/runner.ts';
    ${imports}
    const database = await createDb({ url: ${JSON.stringify(url)} });
    const quiet = { info() {}, warn() {}, error() {} };
    const runner = createJobRunner({ database, log: quiet, jobs: ${jobs} });
    console.log('ready');
    for await (const line of createInterface({ input: process.stdin })) {
      if (line === 'go') await runner.start();
      if (line === 'stop') { await runner.stop(); await database.close(); process.exit(0); }
    }`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  // A runner that fails to start (its error is on stderr) fails the benchmark instead of leaving it waiting.
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ready = new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => line === 'ready' && resolve());
    void exited.then((code) => reject(new Error(`A job runner exited (code ${code}) before it was ready.`)));
  });
  return { child, lines, ready, exited, send: (line: 'go' | 'stop') => sendLine(child, line) };
}

const sendLine = (child: ChildProcess, line: string) => child.stdin!.write(`${line}\n`);
