import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, queryRows, type Database } from '../../../db/client';
import { jobs } from '../../../db/schema/index';
import { startRunnerProcess } from '../../testing/runner-process';
import { createTestDatabase } from '../../testing/test-server';
import { enqueue } from './enqueue';
import { createJobRunner, type JobRunner } from './runner';
import { mailKind } from '../mail/delivery';

// PostgreSQL only: several app instances, each with its own connections, share one jobs table.

const quiet = { info() {}, warn() {}, error() {} };

let database: Database & { url?: string };
const instances: Database[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await database.close();
});

/** Another app instance: its own connection pool and its own runner of `mail` jobs. */
async function instance(run: (id: string, attempts: number) => Promise<void>, opts: { leaseMs?: number } = {}) {
  const own = await createDb({ url: database.url, maxConnections: 5 });
  instances.push(own);
  return createJobRunner({
    database: own,
    log: quiet,
    leaseMs: opts.leaseMs,
    pollMs: 500,
    jobs: [{ ...mailKind, run: (_payload, job) => run(job.id, job.attempts) }],
  });
}

describe('job runner on PostgreSQL', () => {
  it('two instances drain 2,000 jobs: each runs exactly once, none is lost', async () => {
    const runs = new Map<string, number>();
    const byInstance = [0, 0];
    const runners: JobRunner[] = [];
    for (const which of [0, 1]) {
      runners.push(
        await instance(async (id) => {
          runs.set(id, (runs.get(id) ?? 0) + 1);
          byInstance[which]! += 1;
          await new Promise((resolve) => setImmediate(resolve));
        }),
      );
    }
    await Promise.all(runners.map((runner) => runner.start()));
    try {
      const ids: string[] = [];
      // Queued while both run: 40 transactions of 50, as 40 writes that each cause 50 jobs.
      for (let batch = 0; batch < 40; batch++) {
        await database.db.transaction(async (tx) => {
          for (let i = 0; i < 50; i++)
            ids.push(await enqueue(tx, mailKind, { to: `r${batch}-${i}@example.com`, subject: 'S', text: 'T' }));
        });
      }
      await expect
        .poll(
          async () =>
            Number(
              (
                await queryRows<{ n: string }>(
                  database.db,
                  sql`select count(*) as n from ${jobs} where status = 'done'`,
                )
              )[0]!.n,
            ),
          {
            timeout: 60_000,
            interval: 200,
          },
        )
        .toBe(2000);
      expect(new Set(ids).size).toBe(2000);
      expect(runs.size).toBe(2000);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect(byInstance[0]! + byInstance[1]!).toBe(2000);
      expect(Math.min(...byInstance)).toBeGreaterThan(0);
      const [row] = await queryRows<{ pending: string; retried: string }>(
        database.db,
        sql`select count(*) filter (where status <> 'done') as pending, count(*) filter (where attempts <> 1) as retried
            from ${jobs}`,
      );
      expect(row).toEqual({ pending: '0', retried: '0' });
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
    }
  });

  it('a job whose instance is killed mid-run runs again after its lease, and not before', async () => {
    await database.db.delete(jobs);
    const id = await enqueue(database.db, mailKind, { to: 'killed@example.com', subject: 'S', text: 'T' });
    const leaseMs = 1000;
    // Another process claims the job and hangs inside it, renewing its lease, until it is SIGKILLed.
    const child = startRunnerProcess(database.url!, {
      imports: "import { mailKind } from './src/server/mail/delivery.ts';",
      jobs: `[{ ...mailKind, run: (_payload, job) => {
        process.stdout.write('started ' + job.id + '\\n');
        return new Promise(() => {});
      } }]`,
      leaseMs,
    });
    const reruns: { attempts: number; at: number }[] = [];
    const survivor = await instance(
      async (jobId, attempts) => {
        if (jobId === id) reruns.push({ attempts, at: Date.now() });
      },
      { leaseMs },
    );
    try {
      await expect.poll(child.output, { timeout: 20_000 }).toContain(`started ${id}`);
      await survivor.start();
      // Three leases long: the running instance keeps renewing, so nobody else starts the job.
      await new Promise((resolve) => setTimeout(resolve, 3 * leaseMs));
      expect(reruns).toEqual([]);

      await child.kill();
      const killedAt = Date.now();
      await expect.poll(() => reruns.length, { timeout: 10_000, interval: 50 }).toBe(1);
      expect(reruns[0]!.attempts).toBe(2);
      // Within a lease plus the look that finds it (the timer wakes at the lease's end).
      expect(reruns[0]!.at - killedAt).toBeLessThan(leaseMs + 2000);
      await expect
        .poll(async () => (await database.db.select({ status: jobs.status }).from(jobs))[0]?.status)
        .toBe('done');
    } finally {
      await child.kill();
      await survivor.stop();
    }
  });
});
