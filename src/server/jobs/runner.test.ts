import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { jobs } from '../../../db/schema/index';
import { createTestDatabase } from '../../testing/test-server';
import { cancelJobs, enqueue } from './enqueue';
import { mailKind } from '../mail/delivery';
import type { OutgoingMail } from '../mail/outgoing-mail';
import type { JobHandler } from './define-job';
import { createJobRunner } from './runner';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(jobs);
});

const mail = (to: string): OutgoingMail => ({ to, subject: 'S', text: 'T' });
const quiet = { info() {}, warn() {}, error() {} };
const jobRow = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

/** A runner whose `mail` handler records what it ran (and fails while `failing` says so). */
function recordingRunner(opts: { failing?: () => boolean; definition?: Partial<JobHandler<OutgoingMail>> } = {}) {
  const ran: { to: string; attempts: number; at: number }[] = [];
  const errors: { fields: object; msg: string }[] = [];
  const runner = createJobRunner({
    database,
    log: { ...quiet, error: (fields, msg) => void errors.push({ fields, msg }) },
    jobs: [
      {
        ...mailKind,
        async run(payload: OutgoingMail, job) {
          ran.push({ to: payload.to, attempts: job.attempts, at: Date.now() });
          if (opts.failing?.()) throw new Error('receiver said no');
        },
        ...opts.definition,
      },
    ],
  });
  return { ran, errors, runner };
}

describe('enqueue', () => {
  it('leaves no job when the transaction rolls back, and keeps it when it commits', async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueue(tx, mailKind, mail('a@example.com'));
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await database.db.select().from(jobs)).toHaveLength(0);
    const id = await database.db.transaction((tx) => enqueue(tx, mailKind, mail('a@example.com')));
    expect(await jobRow(id)).toMatchObject({
      kind: 'mail',
      status: 'pending',
      attempts: 0,
      payload: mail('a@example.com'),
    });
  });

  it('refuses a payload that does not match its kind and writes nothing', async () => {
    // At once, before anything is sent: a transaction sent whole must not commit without this job.
    expect(() => enqueue(database.db, mailKind, { to: '', subject: 'S', text: 'T' })).toThrow();
    expect(await database.db.select().from(jobs)).toHaveLength(0);
  });

  it('keeps one pending job per unique key; replace moves it; a finished key can be used again', async () => {
    const later = new Date(Date.now() + 3_600_000);
    const first = await enqueue(database.db, mailKind, mail('a@example.com'), {
      uniqueKey: 'reminder:1:24h',
      runAt: later,
    });
    const again = await enqueue(database.db, mailKind, mail('b@example.com'), { uniqueKey: 'reminder:1:24h' });
    expect(again).toBe(first);
    expect(await jobRow(first)).toMatchObject({ payload: mail('a@example.com'), runAt: later });

    const moved = new Date(Date.now() + 7_200_000);
    const replaced = await enqueue(database.db, mailKind, mail('c@example.com'), {
      uniqueKey: 'reminder:1:24h',
      runAt: moved,
      onConflict: 'replace',
    });
    expect(replaced).toBe(first);
    expect(await jobRow(first)).toMatchObject({ payload: mail('c@example.com'), runAt: moved });
    expect(await database.db.select().from(jobs)).toHaveLength(1);

    await database.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, first));
    const next = await enqueue(database.db, mailKind, mail('d@example.com'), { uniqueKey: 'reminder:1:24h' });
    expect(next).not.toBe(first);
  });

  it('cancels the pending jobs whose key starts with a prefix', async () => {
    const a = await enqueue(database.db, mailKind, mail('a@example.com'), { uniqueKey: 'reminder:1:24h' });
    const b = await enqueue(database.db, mailKind, mail('b@example.com'), { uniqueKey: 'reminder:1:1h' });
    const other = await enqueue(database.db, mailKind, mail('c@example.com'), { uniqueKey: 'reminder:12:1h' });
    expect(await database.db.transaction((tx) => cancelJobs(tx, 'reminder:1:'))).toBe(2);
    expect((await jobRow(a)).status).toBe('cancelled');
    expect((await jobRow(b)).status).toBe('cancelled');
    expect((await jobRow(other)).status).toBe('pending');
    const { ran, runner } = recordingRunner();
    expect(await runner.runDue()).toBe(1);
    expect(ran.map((r) => r.to)).toEqual(['c@example.com']);
  });
});

describe('job runner', () => {
  it('runs a job once and marks it done', async () => {
    const { ran, runner } = recordingRunner();
    const id = await enqueue(database.db, mailKind, mail('a@example.com'));
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(ran.map((r) => r.to)).toEqual(['a@example.com']);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
  });

  it('starts a scheduled job at its runAt, not before, without being told', async () => {
    const { ran, runner } = recordingRunner();
    const runAt = new Date(Date.now() + 1500);
    await enqueue(database.db, mailKind, mail('later@example.com'), { runAt });
    expect(await runner.runDue()).toBe(0);
    await runner.start();
    try {
      await expect.poll(() => ran.length, { timeout: 5000, interval: 50 }).toBe(1);
      expect(ran[0]!.at).toBeGreaterThanOrEqual(runAt.getTime() - 50);
      expect(ran[0]!.at - runAt.getTime()).toBeLessThan(2000);
    } finally {
      await runner.stop();
    }
  });

  it('retries a failed job after its back-off and then succeeds', async () => {
    let failing = true;
    const { ran, runner } = recordingRunner({ failing: () => failing, definition: { backoffMs: () => 60_000 } });
    const id = await enqueue(database.db, mailKind, mail('a@example.com'));
    expect(await runner.runDue()).toBe(0);
    const afterFirst = await jobRow(id);
    expect(afterFirst).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'receiver said no',
      lockedUntil: null,
    });
    expect(afterFirst.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await runner.runDue()).toBe(0); // not due yet
    failing = false;
    await database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, id));
    expect(await runner.runDue()).toBe(1);
    expect(ran.map((r) => r.attempts)).toEqual([1, 2]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  it('marks a job failed after its last attempt, logs it and counts it for operators', async () => {
    const { ran, errors, runner } = recordingRunner({ failing: () => true, definition: { maxAttempts: 3 } });
    const id = await enqueue(database.db, mailKind, mail('a@example.com'));
    for (let attempt = 1; attempt <= 3; attempt++) {
      await runner.runDue();
      await database.db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.id, id));
    }
    expect(await runner.runDue()).toBe(0);
    expect(ran).toHaveLength(3);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'receiver said no' });
    expect(errors).toEqual([
      { fields: { jobId: id, kind: 'mail', attempts: 3, error: 'receiver said no' }, msg: 'job failed for good' },
    ]);
    expect(await runner.stats()).toEqual({ stuck: 0, failed: 1 });
  });

  it('hands the jobs of a runEach kind over together; each failure is retried alone, the rest are done', async () => {
    const handed: string[][] = [];
    const runner = createJobRunner({
      database,
      log: quiet,
      jobs: [
        {
          ...mailKind,
          backoffMs: () => 60_000,
          async runEach(runs: readonly { payload: unknown }[]) {
            const to = runs.map((r) => (r.payload as OutgoingMail).to);
            handed.push(to);
            return to.map((address) => (address.startsWith('bad') ? new Error('receiver said no') : undefined));
          },
        },
      ],
    });
    const ids = [];
    for (const to of ['a@example.com', 'bad@example.com', 'b@example.com'])
      ids.push(await enqueue(database.db, mailKind, mail(to)));
    // A stored payload that no longer matches fails alone, without being handed over.
    const [broken] = await database.db
      .insert(jobs)
      .values({ kind: 'mail', payload: { to: 1 } })
      .returning();
    expect(await runner.runDue()).toBe(2);
    expect(handed.map((h) => [...h].sort())).toEqual([['a@example.com', 'b@example.com', 'bad@example.com']]);
    const [a, bad, b] = await Promise.all(ids.map(jobRow));
    expect([a, b]).toMatchObject([
      { status: 'done', attempts: 1 },
      { status: 'done', attempts: 1 },
    ]);
    expect(bad).toMatchObject({ status: 'pending', attempts: 1, lastError: 'receiver said no' });
    expect(bad!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await jobRow(broken!.id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('claims the oldest due jobs of each kind run together, and the oldest of the others up to its concurrency', async () => {
    const ZNumbered = z.object({ n: z.number() });
    const handed: string[] = [];
    const together = (kind: string) => ({
      kind,
      schema: ZNumbered,
      async runAll(_tx: unknown, payloads: { n: number }[]) {
        const numbers = payloads.map((p) => p.n).sort();
        handed.push(`${kind}:${numbers.join(',')}`);
      },
    });
    const started: string[] = [];
    const runner = createJobRunner({
      database,
      log: quiet,
      batchSize: 3,
      concurrency: 2,
      jobs: [
        together('first'),
        together('second'),
        {
          ...mailKind,
          async run(payload: OutgoingMail) {
            started.push(payload.to);
          },
        },
      ],
    });
    // Queued newest first, so that the order they were written in is not the order they are due in.
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    for (let n = 5; n >= 1; n--) {
      await enqueue(database.db, { kind: 'first', schema: ZNumbered }, { n }, { runAt: minutesAgo(20 - n) });
      await enqueue(database.db, { kind: 'second', schema: ZNumbered }, { n }, { runAt: minutesAgo(10 - n) });
      await enqueue(database.db, mailKind, mail(`m${n}@example.com`), { runAt: minutesAgo(30 - n) });
    }
    expect(await runner.runDue()).toBe(15);
    // The first claim: the three oldest of each kind run together, the two oldest mails (run at once, in any order).
    expect(handed.slice(0, 2).sort()).toEqual(['first:1,2,3', 'second:1,2,3']);
    expect(started.slice(0, 2).sort()).toEqual(['m1@example.com', 'm2@example.com']);
    // The next: the rest of each kind run together, the next two mails; then the last mail.
    expect(handed.slice(2).sort()).toEqual(['first:4,5', 'second:4,5']);
    expect(started.slice(2, 4).sort()).toEqual(['m3@example.com', 'm4@example.com']);
    expect(started[4]).toBe('m5@example.com');
  });

  it('fails a job whose stored payload no longer matches its kind, without retrying', async () => {
    const { ran, runner } = recordingRunner();
    const [row] = await database.db
      .insert(jobs)
      .values({ kind: 'mail', payload: { to: 1 } })
      .returning();
    expect(await runner.runDue()).toBe(0);
    expect(ran).toHaveLength(0);
    expect(await jobRow(row!.id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('leaves a leased job alone and runs it again once the lease has expired', async () => {
    const { ran, runner } = recordingRunner();
    // As if another instance had claimed it and then died mid-run.
    const id = await enqueue(database.db, mailKind, mail('a@example.com'));
    await database.db
      .update(jobs)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(jobs.id, id));
    expect(await runner.runDue()).toBe(0);
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual([expect.objectContaining({ to: 'a@example.com', attempts: 2 })]);
  });

  it('counts a job far past its time as stuck', async () => {
    const { runner } = recordingRunner();
    await database.db
      .insert(jobs)
      .values({ kind: 'mail', payload: mail('a@example.com'), runAt: sql`now() - interval '10 minutes'` });
    expect(await runner.stats()).toEqual({ stuck: 1, failed: 0 });
  });

  it('a job replaced while it runs stays pending for its new time', async () => {
    let release!: () => void;
    const started: string[] = [];
    const runner = createJobRunner({
      database,
      log: quiet,
      jobs: [
        {
          ...mailKind,
          run: (payload: OutgoingMail) => {
            started.push(payload.to);
            return new Promise<void>((resolve) => (release = resolve));
          },
        },
      ],
    });
    await enqueue(database.db, mailKind, mail('old@example.com'), { uniqueKey: 'k' });
    const running = runner.runDue();
    await expect.poll(() => started.length).toBe(1);
    const later = new Date(Date.now() + 3_600_000);
    const id = await enqueue(database.db, mailKind, mail('new@example.com'), {
      uniqueKey: 'k',
      runAt: later,
      onConflict: 'replace',
    });
    release();
    await running;
    expect(await jobRow(id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      runAt: later,
      payload: mail('new@example.com'),
    });
  });

  it('stop waits for the jobs that are running', async () => {
    let finished = false;
    const runner = createJobRunner({
      database,
      log: quiet,
      jobs: [
        {
          ...mailKind,
          run: async () => {
            await new Promise((r) => setTimeout(r, 300));
            finished = true;
          },
        },
      ],
    });
    const id = await enqueue(database.db, mailKind, mail('a@example.com'));
    await runner.start();
    await expect.poll(async () => (await jobRow(id)).attempts).toBe(1);
    await runner.stop();
    expect(finished).toBe(true);
    expect((await jobRow(id)).status).toBe('done');
  });

  it('a started runner runs more jobs than one claim takes, and the jobs its jobs queue', async () => {
    const { ran, runner } = recordingRunner({
      definition: {
        async run(payload: OutgoingMail, job) {
          ran.push({ to: payload.to, attempts: job.attempts, at: Date.now() });
          if (payload.to.startsWith('first'))
            await enqueue(database.db, mailKind, mail(payload.to.replace('first', 'then')));
        },
      },
    });
    // Five at once with room for ten: the first claim takes all, and the runner does not look again.
    await runner.start();
    try {
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < 5; i++) await enqueue(tx, mailKind, mail(`first${i}@example.com`));
      });
      await expect.poll(() => ran.length, { timeout: 10_000, interval: 50 }).toBe(10);
      // Twenty-five at once: more than a claim takes.
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < 25; i++) await enqueue(tx, mailKind, mail(`more${i}@example.com`));
      });
      await expect.poll(() => ran.length, { timeout: 10_000, interval: 50 }).toBe(35);
    } finally {
      await runner.stop();
    }
    expect(new Set(ran.map((r) => r.to)).size).toBe(35);
    expect(ran.filter((r) => r.to.startsWith('then')).length).toBe(5);
    const pending = await database.db.select().from(jobs).where(eq(jobs.status, 'pending'));
    expect(pending).toEqual([]);
  });
});
