import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { statement, type Tx } from '../../../db/client';
import { jobs } from '../../../db/schema/index';
import type { JobKind } from './define-job';

/** NOTIFY channel that wakes the runner of every app instance when a job is queued; payload `kind:id`. */
export const JOBS_CHANNEL = 'jobs';

export interface EnqueueOptions {
  /** Not started before this time (default: now). */
  runAt?: Date;
  /** At most one pending job per key, e.g. `reminder:<appointmentId>:<offset>`. */
  uniqueKey?: string;
  /**
   * When a pending job with the same uniqueKey exists: `keep` it as it is (default), or `replace` its payload
   * and runAt (a rescheduled appointment moves its reminder). A replaced job that is running at that moment
   * is not marked done by that run: it stays pending for the new time.
   */
  onConflict?: 'keep' | 'replace';
}

/** A kind of job as the enqueuers of several jobs see it. */
type Queueable<P> = Pick<JobKind<string, P>, 'kind' | 'schema' | 'refuses'>;

/** The payloads of a kind worth queueing, checked against its schema (a bad one throws). */
const wanted = <P>(job: Queueable<P>, payloads: P[]): P[] =>
  payloads.map((payload) => job.schema.parse(payload)).filter((payload) => !job.refuses?.(payload));

/**
 * Queues a job in the caller's transaction: it exists exactly when the change that caused it commits, and
 * NOTIFY (transactional too) wakes the runners only after the commit. One statement, one round trip.
 * Answers the job's id (the existing job's id when the unique key was taken). It does not ask whether the kind
 * refuses the payload (JobKind.refuses), since a refused one would have no id to answer: such a kind queues its
 * single jobs through its own function, which asks first (mail: enqueueMail).
 */
export function enqueue<P>(
  tx: Tx,
  job: Pick<JobKind<string, P>, 'kind' | 'schema'>,
  payload: P,
  options: EnqueueOptions = {},
): Promise<string> {
  // Not async: a payload that fails its schema throws before anything is sent, so a transaction sent whole
  // (`transactionInOneTrip`) is not committed without this job.
  return (options.onConflict === 'replace' ? queueReplacing : queueKeeping)(tx, {
    kind: job.kind,
    payload: JSON.stringify(job.schema.parse(payload)),
    runAt: options.runAt?.toISOString() ?? null,
    uniqueKey: options.uniqueKey ?? null,
  }).then(([row]) => row!.id);
}

// Built once (docs/decisions/0016-statements-built-once.md): every booking queues its reminders, and drizzle built
// this insert again each time.
const queueOne = (onConflict: SQL) =>
  statement<{ kind: string; payload: string; runAt: string | null; uniqueKey: string | null }, { id: string }>(
    sql`with queued as (
          insert into ${jobs} (kind, payload, run_at, unique_key)
          values (${sql.placeholder('kind')}::text, ${sql.placeholder('payload')}::jsonb,
            coalesce(${sql.placeholder('runAt')}::timestamptz, now()), ${sql.placeholder('uniqueKey')}::text)
          on conflict (unique_key) where status = 'pending' do update set ${onConflict}
          returning id)
        select id, pg_notify(${JOBS_CHANNEL}, ${sql.placeholder('kind')}::text || ':' || id::text) from queued`,
  );
// `keep` still takes the DO UPDATE branch (setting nothing new) so that RETURNING answers the existing id.
const queueKeeping = queueOne(sql`unique_key = excluded.unique_key`);
// What a replaced job takes from the new one: it starts over at the new time.
const replaced = sql`payload = excluded.payload, run_at = excluded.run_at, attempts = 0, locked_until = null, last_error = null`;
const queueReplacing = queueOne(replaced);

/**
 * Queues several jobs of one kind without unique keys, due now, in one statement (one round trip, like
 * `enqueue`, and a NOTIFY for each), leaving out those the kind refuses. Answers their ids.
 */
export function enqueueAll<P>(tx: Tx, job: Queueable<P>, payloads: P[]): Promise<string[]> {
  // Not async, as `enqueue`.
  const queued = wanted(job, payloads);
  if (!queued.length) return Promise.resolve([]);
  return queueAll(tx, { kind: job.kind, payloads: JSON.stringify(queued) }).then((rows) => rows.map((row) => row.id));
}

// The payloads go as one JSON array, so the statement's text is the same for any number of jobs.
const queueAll = statement<{ kind: string; payloads: string }, { id: string }>(
  sql`with queued as (
        insert into ${jobs} (kind, payload)
        select ${sql.placeholder('kind')}::text, payload
        from jsonb_array_elements(${sql.placeholder('payloads')}::jsonb) with ordinality as p(payload, n) order by n
        returning id)
      select id, pg_notify(${JOBS_CHANNEL}, ${sql.placeholder('kind')}::text || ':' || id::text) from queued`,
);

/**
 * Cancels the pending jobs whose unique key starts with the prefix (e.g. `reminder:<appointmentId>:` when
 * the appointment is cancelled), in the caller's transaction. Answers how many were cancelled.
 */
export async function cancelJobs(tx: Tx, uniqueKeyPrefix: string): Promise<number> {
  const cancelled = await tx
    .update(jobs)
    .set({ status: 'cancelled', lockedUntil: null, finishedAt: sql`now()` })
    .where(and(eq(jobs.status, 'pending'), sql`starts_with(${jobs.uniqueKey}, ${uniqueKeyPrefix})`))
    .returning({ id: jobs.id });
  return cancelled.length;
}

/**
 * Forgets the finished jobs (done, cancelled, failed) whose payload holds any of the texts, in the caller's
 * transaction: an erasure's way to take a person's e-mail and id out of the mails sent to her and the follow-ups
 * about her. A finished job is run no more and read by nothing (docs/jobs.md), so deleting it changes nothing but
 * the history. The texts are matched as written, so pass them in the case the payloads use. Scans the table: for a
 * rare change, not a request's path. Answers how many were deleted.
 */
export async function forgetFinishedJobs(tx: Tx, texts: string[]): Promise<number> {
  const mentions = texts.map((text) => sql`strpos(${jobs.payload}::text, ${text}) > 0`);
  const forgotten = await tx
    .delete(jobs)
    .where(and(sql`${jobs.status} in ('done', 'cancelled', 'failed')`, or(...mentions)))
    .returning({ id: jobs.id });
  return forgotten.length;
}

/**
 * Queues jobs of several kinds at once, each under its unique key, due now or at its `runAt`, in one statement (a
 * publish queues one per subscriber, a batch of bookings their reminders). A key already pending keeps its job, or
 * with `replace` takes the new payload and time, as `enqueue`; a payload its kind refuses is left out. Not async, as
 * `enqueue`.
 */
export function enqueueEach(
  tx: Tx,
  queued: {
    job: Queueable<unknown>;
    payload: unknown;
    uniqueKey: string;
    runAt?: Date;
  }[],
  onConflict: 'keep' | 'replace' = 'keep',
): Promise<unknown> {
  const rows = queued.flatMap(({ job, payload, uniqueKey, runAt }) =>
    wanted(job, [payload]).map((checked) => ({
      kind: job.kind,
      payload: checked,
      uniqueKey,
      runAt: runAt?.toISOString() ?? null,
    })),
  );
  if (!rows.length) return Promise.resolve();
  return (onConflict === 'replace' ? queueEachReplacing : queueEachKeeping)(tx, { jobs: JSON.stringify(rows) });
}

const queueEach = (onConflict: SQL) =>
  statement<{ jobs: string }, { id: string }>(
    sql`with queued as (
          insert into ${jobs} (kind, payload, run_at, unique_key)
          select j ->> 'kind', j -> 'payload', coalesce((j ->> 'runAt')::timestamptz, now()), j ->> 'uniqueKey'
          from jsonb_array_elements(${sql.placeholder('jobs')}::jsonb) with ordinality as q(j, n) order by n
          on conflict (unique_key) where status = 'pending' ${onConflict}
          returning id, kind)
        select id, pg_notify(${JOBS_CHANNEL}, kind || ':' || id::text) from queued`,
  );
const queueEachKeeping = queueEach(sql`do nothing`);
const queueEachReplacing = queueEach(sql`do update set ${replaced}`);
