import type { z } from 'zod';

/** The run a handler is given. */
interface JobInfo {
  id: string;
  /** 1 on the first run. */
  attempts: number;
}

/** How one kind of job is run. Handlers must be idempotent: a job runs at least once, rarely twice. */
export interface JobHandler<P> {
  run(payload: P, job: JobInfo): Promise<void>;
  /** After this many failed runs the job is `failed` (default 5). */
  maxAttempts?: number;
  /** Wait before the next attempt after `attempts` failed runs, in ms (default 1, 5, 15, 60 minutes…). */
  backoffMs?(attempts: number): number;
}

/** A kind of job as the runner runs it: its name, the schema its payload is checked against, and its handler. */
export interface RunnableJob<P = unknown> extends JobHandler<P> {
  kind: string;
  schema: z.ZodType<P>;
}

/**
 * A kind of job, declared once beside its domain: enqueue checks a payload against its schema before writing, the
 * runner again before handing it to the handler (a row may have been written by an older version). `with(deps)`
 * makes its handler from what this instance has; no handler (e.g. mail with no SMTP server) leaves the kind's jobs
 * to an instance that has one.
 */
export interface JobKind<K extends string = string, P = unknown, D = never> {
  kind: K;
  schema: z.ZodType<P>;
  with(deps: D): RunnableJob<P> | undefined;
}

/**
 * Declares a kind of job: `defineJob('reminder', ZReminder, ({ database }) => ({ run: … }))`. The runner is given
 * the kinds (buildApp lists each domain's); nothing in src/server/jobs names a domain's kind.
 */
export function defineJob<K extends string, S extends z.ZodType, D>(
  kind: K,
  schema: S,
  handler: (deps: D) => JobHandler<z.infer<S>> | undefined,
): JobKind<K, z.infer<S>, D> {
  return {
    kind,
    schema: schema as z.ZodType<z.infer<S>>,
    with(deps) {
      const made = handler(deps);
      return made && { ...made, kind, schema: schema as z.ZodType<z.infer<S>> };
    },
  };
}
