import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import autocannon from 'autocannon';
import postgres from 'postgres';

/** PostgreSQL server the benchmarks create their own databases on. */
export const ADMIN_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh database for one benchmark run; dropped by the returned function. */
export async function createBenchDatabase(name: string) {
  const admin = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {} });
  const database = `bench_${name}_${Date.now()}`;
  await admin.unsafe(`create database "${database}"`);
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${database}" with (force)`);
      await admin.end();
    },
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts a server script in its own Node process (so the load generator never shares its event loop)
 * and waits until it answers on `readyPath`.
 */
export async function startServer(script: string, env: Record<string, string>, readyPath = '/healthz') {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
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
