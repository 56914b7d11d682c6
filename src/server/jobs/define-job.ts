import type { z } from 'zod';
import type { Tx } from '../../../db/client';

/** The run a handler is given. */
interface JobInfo {
  id: string;
  /** 1 on the first run. */
  attempts: number;
}

interface Retries {
  /** After this many failed runs the job is `failed` (default 5). */
  maxAttempts?: number;
  /** Wait before the next attempt after `attempts` failed runs, in ms (default 1, 5, 15, 60 minutes…). */
  backoffMs?(attempts: number): number;
}

/** How one kind of job is run, a job at a time. Handlers must be idempotent: a job runs at least once, rarely twice. */
export interface JobHandler<P> extends Retries {
  run(payload: P, job: JobInfo): Promise<void>;
  runAll?: never;
  runEach?: never;
}

/**
 * How a kind of job is run whose jobs each do something outside this database (a request): the jobs claimed
 * together are handed over at once, so that what they read and write here can be one statement for all of them,
 * and each answers its own outcome (undefined when done, the error of a failed run, which is retried on its own).
 * Idempotent, as a JobHandler.
 */
export interface EachHandler<P> extends Retries {
  runEach(runs: readonly { payload: P; job: JobInfo }[]): Promise<(Error | undefined)[]>;
  run?: never;
  runAll?: never;
}

/**
 * How a kind of job whose whole effect is rows of this database is run: the jobs claimed together, in the
 * transaction that marks them done, so the effect commits exactly once, with them. A batch that fails is run again
 * one job at a time, so one bad job fails alone.
 */
export interface BatchHandler<P> extends Retries {
  runAll(tx: Tx, payloads: P[]): Promise<void>;
  run?: never;
  runEach?: never;
}

/** A kind of job as the runner runs it: its name, the schema its payload is checked against, and its handler. */
export type RunnableJob<P = unknown> = (JobHandler<P> | BatchHandler<P> | EachHandler<P>) & {
  kind: string;
  schema: z.ZodType<P>;
};

/**
 * A kind of job, declared once beside its domain: enqueue checks a payload against its schema before writing, the
 * runner again before handing it to the handler (a row may have been written by an older version). `with(deps)`
 * makes its handler from what this instance has; no handler (e.g. mail with no SMTP server) leaves the kind's jobs
 * to an instance that has one.
 */
export interface JobKind<K extends string = string, P = unknown, D = never> {
  kind: K;
  schema: z.ZodType<P>;
  /**
   * A payload that no run could make worth anything (a mail to an address that can only bounce): it is queued by
   * nobody (enqueueAll and enqueueEach leave it out; see enqueue for single jobs), so the rule is kept with the kind
   * instead of at every place that queues one.
   */
  refuses?(payload: P): boolean;
  with(deps: D): RunnableJob<P> | undefined;
}

/**
 * Declares a kind of job: `defineJob('reminder', ZReminder, ({ database }) => ({ run: … }))`. The runner is given
 * the kinds (buildApp lists each domain's); nothing in src/server/jobs names a domain's kind.
 */
export function defineJob<K extends string, S extends z.ZodType, D>(
  kind: K,
  schema: S,
  handler: (deps: D) => JobHandler<z.infer<S>> | BatchHandler<z.infer<S>> | EachHandler<z.infer<S>> | undefined,
  options: Pick<JobKind<K, z.infer<S>, D>, 'refuses'> = {},
): JobKind<K, z.infer<S>, D> {
  return {
    kind,
    schema: schema as z.ZodType<z.infer<S>>,
    ...options,
    with(deps) {
      const made = handler(deps);
      return made && { ...made, kind, schema: schema as z.ZodType<z.infer<S>> };
    },
  };
}
