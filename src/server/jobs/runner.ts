import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, statement, type Database, type Tx } from '../../../db/client';
import { jobs } from '../../../db/schema/index';
import { JOBS_CHANNEL } from './enqueue';
import type { RunnableJob } from './define-job';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobRunnerOptions {
  database: Database;
  log: Logger;
  /** The kinds this instance runs (`defineJob(…).with(deps)`); a kind without a handler is left to another. */
  jobs: readonly (RunnableJob<unknown> | undefined)[];
  /** How long a claimed job is kept from other instances; renewed while it runs (default 60 s). */
  leaseMs?: number;
  /** Longest sleep between looks at the table when no NOTIFY comes (default 15 s). */
  pollMs?: number;
  /**
   * Jobs of the other kinds claimed and run at once (default 10): of a `run` kind each on its own, of a `runEach` kind
   * handed over together.
   */
  concurrency?: number;
  /**
   * Jobs of each kind run together (`runAll`) claimed at once (default 100): each kind's share runs in one transaction,
   * so a larger claim is fewer round trips per job, not more work in flight.
   */
  batchSize?: number;
}

export interface JobStats {
  /** Pending jobs whose time (or expired lease) is more than STUCK_AFTER in the past. */
  stuck: number;
  /** Jobs that failed for good in the last 24 hours. */
  failed: number;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const defaultBackoffMs = (attempts: number) => [1, 5, 15, 60][Math.min(attempts - 1, 3)]! * 60_000;
const STUCK_AFTER = sql`interval '5 minutes'`;

/**
 * Runs queued jobs: claims due ones with FOR UPDATE SKIP LOCKED and a lease (so any number of instances share
 * the work and none runs a job another is running), retries failures with back-off, and marks a job `failed`
 * after its last attempt. Woken by NOTIFY after an enqueue commits, and by a timer set to the next due job.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { database, log } = options;
  const handlers = new Map<string, RunnableJob>();
  for (const job of options.jobs) if (job) handlers.set(job.kind, job);
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 15_000;
  const concurrency = options.concurrency ?? 10;
  const batchSize = options.batchSize ?? 100;
  const kinds = [...handlers.keys()];
  const batchKinds = kinds.filter((kind) => handlers.get(kind)!.runAll);
  const aloneKinds = kinds.filter((kind) => !handlers.get(kind)!.runAll);
  const lease = sql`now() + ${leaseMs} * interval '1 millisecond'`;
  // Jobs this instance is running, with the attempt number that is its claim on the row.
  const running = new Map<string, number>();
  let draining: Promise<number> | null = null;
  let again = false;
  let started = false;
  let stopping = false;
  let wakeTimer: ReturnType<typeof setTimeout> | undefined;
  let leaseTimer: ReturnType<typeof setInterval> | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  /** Claims up to `batchSize` jobs of each kind run together and up to `concurrency` of the others, in one statement. */
  function claim(): Promise<ClaimedJob[]> {
    return claimJobs(database.db, { batchKinds, aloneKinds, batchSize, concurrency, leaseMs });
  }

  // The row is still ours only if nobody replaced, cancelled or re-claimed it meanwhile (attempts changed).
  const stillOurs = (id: string, attempts: number) =>
    and(eq(jobs.id, id), eq(jobs.attempts, attempts), eq(jobs.status, 'pending'));

  /** Records a failed run: retried after its back-off, or failed for good after its last attempt. */
  async function recordFailure(job: ClaimedJob, error: unknown) {
    const definition = handlers.get(job.kind)!;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const failed = error instanceof BadPayload || job.attempts >= (definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
    const waitMs = (definition.backoffMs ?? defaultBackoffMs)(job.attempts);
    await database.db
      .update(jobs)
      .set({
        status: failed ? 'failed' : 'pending',
        lockedUntil: null,
        lastError: message,
        runAt: sql`now() + ${waitMs} * interval '1 millisecond'`,
        finishedAt: failed ? sql`now()` : null,
      })
      .where(stillOurs(job.id, job.attempts));
    const fields = { jobId: job.id, kind: job.kind, attempts: job.attempts, error: message };
    if (failed) log.error(fields, 'job failed for good');
    else log.warn(fields, 'job failed; will retry');
  }

  function parsed(job: ClaimedJob) {
    const result = handlers.get(job.kind)!.schema.safeParse(job.payload);
    if (!result.success) throw new BadPayload(result.error.message);
    return result.data;
  }

  /** Runs one claimed job; a failure is recorded here, a success by the caller (with its batch's others). */
  async function runOne(job: ClaimedJob): Promise<boolean> {
    running.set(job.id, job.attempts);
    try {
      await handlers.get(job.kind)!.run!(parsed(job), { id: job.id, attempts: job.attempts });
      return true;
    } catch (error) {
      await recordFailure(job, error);
      return false;
    } finally {
      running.delete(job.id);
    }
  }

  /**
   * Runs claimed jobs of one `runAll` kind together, in one transaction that also marks them done: their effect
   * commits with them or not at all. A job that is no longer ours (replaced, cancelled, re-claimed) rolls the batch
   * back; a failing batch is run again one job at a time, so that only the failing job is retried. Answers how many
   * were done.
   */
  async function runTogether(group: ClaimedJob[]): Promise<number> {
    const definition = handlers.get(group[0]!.kind)!;
    for (const job of group) running.set(job.id, job.attempts);
    try {
      await database.db.transaction(async (tx) => {
        await definition.runAll!(tx, group.map(parsed));
        if ((await markDone(tx, group)) !== group.length) throw new LostClaim();
      });
      return group.length;
    } catch (error) {
      if (group.length > 1) {
        let done = 0;
        for (const job of group) done += await runTogether([job]);
        return done;
      }
      if (!(error instanceof LostClaim)) await recordFailure(group[0]!, error);
      return 0;
    } finally {
      for (const job of group) running.delete(job.id);
    }
  }

  // One statement for a batch's successes instead of one per job: a batch costs two round trips, claim and done.
  async function markDone(db: Tx, done: ClaimedJob[]): Promise<number> {
    if (done.length === 0) return 0;
    const marked = await markJobsDone(db, {
      ids: done.map((job) => job.id),
      attempts: done.map((job) => job.attempts),
    });
    return marked.length;
  }

  /**
   * Runs claimed jobs of one `runEach` kind, handed over together; each job's failure is recorded on its own.
   * Answers the jobs that are done.
   */
  async function runEach(group: ClaimedJob[]): Promise<ClaimedJob[]> {
    for (const job of group) running.set(job.id, job.attempts);
    try {
      const runs: { job: ClaimedJob; payload: unknown }[] = [];
      for (const job of group) {
        try {
          runs.push({ job, payload: parsed(job) });
        } catch (error) {
          await recordFailure(job, error);
        }
      }
      const outcomes = await handlers.get(group[0]!.kind)!.runEach!(
        runs.map(({ job, payload }) => ({ payload, job: { id: job.id, attempts: job.attempts } })),
      ).catch((error: unknown) => runs.map(() => error));
      const done: ClaimedJob[] = [];
      for (const [i, { job }] of runs.entries()) {
        if (outcomes[i] === undefined) done.push(job);
        else await recordFailure(job, outcomes[i]);
      }
      return done;
    } finally {
      for (const job of group) running.delete(job.id);
    }
  }

  async function drain(): Promise<number> {
    if (kinds.length === 0) return 0;
    let done = 0;
    while (!stopping) {
      const claimed = await claim();
      if (claimed.length === 0) break;
      // The jobs of a `runAll` or `runEach` kind are handed over together, a group per kind; the others run each on
      // its own, all at once.
      const batches = new Map<string, ClaimedJob[]>();
      const eaches = new Map<string, ClaimedJob[]>();
      const alone: ClaimedJob[] = [];
      for (const job of claimed) {
        const handler = handlers.get(job.kind)!;
        const groups = handler.runAll ? batches : handler.runEach ? eaches : undefined;
        if (groups) groups.set(job.kind, [...(groups.get(job.kind) ?? []), job]);
        else alone.push(job);
      }
      const [results, batchesDone, eachesDone] = await Promise.all([
        Promise.all(alone.map(runOne)),
        Promise.all([...batches.values()].map(runTogether)),
        Promise.all([...eaches.values()].map(runEach)),
      ]);
      const succeeded = [...alone.filter((_, i) => results[i]), ...eachesDone.flat()];
      await markDone(database.db, succeeded);
      done += succeeded.length + batchesDone.reduce((sum, n) => sum + n, 0);
      // A listening runner stops at a claim that took less than it could, sparing a claim that would find nothing
      // (one round trip of the five or six a lone job costs): a job committed since sends a NOTIFY, which runs
      // this again, and one falling due later is scheduleNext's. Without a listener, look until nothing is due.
      if (started && !filledUp(claimed)) break;
    }
    return done;
  }

  /** The claim took its limit of some kind run together, or of the others: more may be due. */
  function filledUp(claimed: ClaimedJob[]): boolean {
    const taken = new Map<string, number>();
    for (const job of claimed) taken.set(job.kind, (taken.get(job.kind) ?? 0) + 1);
    const alone = aloneKinds.reduce((sum, kind) => sum + (taken.get(kind) ?? 0), 0);
    return alone >= concurrency || batchKinds.some((kind) => (taken.get(kind) ?? 0) >= batchSize);
  }

  /**
   * Runs everything that is due (for a started runner: everything due when it looked, the jobs queued meanwhile
   * coming by their NOTIFY); concurrent calls coalesce into one run plus one follow-up.
   */
  function runDue(): Promise<number> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = drain()
      .catch((error: Error) => {
        log.error({ err: error }, 'job run failed');
        return 0;
      })
      .finally(() => {
        draining = null;
        if (again && !stopping) {
          again = false;
          void wake();
        } else if (started && !stopping) void scheduleNext();
      });
    return draining;
  }

  function wake() {
    clearTimeout(wakeTimer);
    return runDue();
  }

  // Sleeps until the next pending job is due (or its lease expires), at most pollMs: a job scheduled
  // for later, or left by a crashed instance, starts on time without a NOTIFY.
  async function scheduleNext() {
    let delayMs = pollMs;
    try {
      const [next] = await queryRows<{ ms: number | string | null }>(
        database.db,
        // The first run_at of each kind (one index probe each) and the first lease to run out: a lease ends after
        // its job's run_at, so this is when the first job can be claimed.
        sql`select extract(epoch from least(
              (select min(first.run_at) from unnest(array[${sql.join(
                kinds.map((kind) => sql`${kind}`),
                sql`, `,
              )}]::text[]) k(kind),
                 lateral (select j.run_at from ${jobs} j where j.status = 'pending' and j.kind = k.kind
                            and j.locked_until is null order by j.run_at limit 1) first),
              (select min(locked_until) from ${jobs}
                 where status = 'pending' and locked_until is not null and ${inArray(jobs.kind, kinds)})
            ) - now()) * 1000 as ms`,
      );
      if (next?.ms !== null && next?.ms !== undefined) delayMs = Math.max(0, Math.min(pollMs, Number(next.ms)));
    } catch (error) {
      log.warn({ err: error }, 'could not look for the next due job');
    }
    if (stopping) return;
    clearTimeout(wakeTimer);
    wakeTimer = setTimeout(() => void runDue(), delayMs);
    wakeTimer.unref();
  }

  // A job that runs longer than its lease keeps it: otherwise another instance would start it again.
  async function renewLeases() {
    for (const [id, attempts] of running) {
      await database.db
        .update(jobs)
        .set({ lockedUntil: lease })
        .where(stillOurs(id, attempts))
        .catch((error: Error) => log.warn({ err: error, jobId: id }, 'could not renew a job lease'));
    }
  }

  return {
    /** The kinds this instance runs. */
    kinds,
    runDue,
    async start() {
      if (kinds.length === 0) return;
      started = true;
      // A job of a kind this instance does not run (`kind:id`) is left for one that does: no claim for it.
      unlisten = await database.listen(
        JOBS_CHANNEL,
        (payload) => {
          if (handlers.has(payload.slice(0, payload.indexOf(':')))) void wake();
        },
        () => void wake(),
      );
      leaseTimer = setInterval(() => void renewLeases(), leaseMs / 3);
      leaseTimer.unref();
    },
    /** Stops claiming and waits for the jobs that are running. */
    async stop() {
      stopping = true;
      clearTimeout(wakeTimer);
      await unlisten?.().catch(() => {});
      await draining;
      clearInterval(leaseTimer);
    },
    /** Counts for operators (/readyz), over the kinds this instance runs. */
    async stats(): Promise<JobStats> {
      if (kinds.length === 0) return { stuck: 0, failed: 0 };
      const [row] = await queryRows<{ stuck: number | string; failed: number | string }>(
        database.db,
        sql`select
              count(*) filter (where status = 'pending'
                and greatest(run_at, coalesce(locked_until, run_at)) < now() - ${STUCK_AFTER}) as stuck,
              count(*) filter (where status = 'failed' and finished_at > now() - interval '24 hours') as failed
            from ${jobs}
            where ${inArray(jobs.kind, kinds)}
              and (status = 'pending' or (status = 'failed' and finished_at > now() - interval '24 hours'))`,
      );
      return { stuck: Number(row?.stuck ?? 0), failed: Number(row?.failed ?? 0) };
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

type ClaimedJob = { id: string; kind: string; payload: unknown; attempts: number };

// The oldest due jobs of each of some kinds, locked for this claim (skipping those another instance is claiming).
// Read kind by kind, each in the due index's order (kind, run_at), so a claim reads about as many rows as it takes:
// across kinds, the oldest of all are found only by reading and sorting every due job of those kinds, which a backlog
// of thousands (bookings arriving faster than their follow-ups run) made the costliest statement PostgreSQL ran.
// Built once, as the runner claims after every NOTIFY.
const dueOf = (kinds: string, limit: string) =>
  sql`select due.id, due.run_at from unnest(${sql.placeholder(kinds)}::text[]) as k(kind)
      cross join lateral (
        select id, run_at from ${jobs}
        where kind = k.kind and status = 'pending' and run_at <= now()
          and (locked_until is null or locked_until <= now())
        order by run_at limit ${sql.placeholder(limit)} for update skip locked) due`;
// Each share a sub-select in FROM: PostgreSQL refuses FOR UPDATE in a branch of a UNION. The kinds run together
// take up to `batchSize` each; the others up to `concurrency` in all, the oldest first.
const claimJobs = statement<
  { batchKinds: string[]; aloneKinds: string[]; batchSize: number; concurrency: number; leaseMs: number },
  ClaimedJob
>(
  sql`update ${jobs} set locked_until = now() + ${sql.placeholder('leaseMs')} * interval '1 millisecond',
        attempts = attempts + 1
      where id in (select id from (${dueOf('batchKinds', 'batchSize')}) together
                   union all select id from (${dueOf('aloneKinds', 'concurrency')}
                                             order by run_at limit ${sql.placeholder('concurrency')}) alone)
      returning id, kind, payload, attempts`,
);

// Done, each job only if its claim (the attempt number) is still the row's: see stillOurs.
const markJobsDone = statement<{ ids: string[]; attempts: number[] }, { id: string }>(
  sql`update ${jobs} set status = 'done', locked_until = null, last_error = null, finished_at = now()
      from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('attempts')}::integer[]) as claim(id, attempts)
      where ${jobs.id} = claim.id and ${jobs.attempts} = claim.attempts and ${jobs.status} = 'pending'
      returning ${jobs.id}`,
);

/** A payload that does not match its kind's schema: retrying cannot help. */
class BadPayload extends Error {}

/** A job of a batch was no longer this run's to finish: the batch's effect is rolled back. */
class LostClaim extends Error {}
