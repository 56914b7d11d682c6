import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const jobStatus = pgEnum('job_status', ['pending', 'done', 'failed', 'cancelled']);

// Work that happens later (mail, webhook deliveries, reminders, waitlist notices), written in the same
// transaction as the change that causes it and run at least once by any app instance (src/server/jobs).
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: jobStatus('status').notNull().default('pending'),
    // Not started before this; after a failed attempt, the time of the retry.
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    // The lease of the instance running it: until then no other instance claims it; a crash mid-run means
    // the job is claimed again once the lease has expired.
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    // At most one live (pending) job per key, e.g. one reminder per appointment and offset.
    uniqueKey: text('unique_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // By kind first: an instance claims only the kinds it runs, so jobs of kinds nobody runs here (mail without
    // SMTP, say) must not be walked past on every claim, nor future reminders on every look for the next due job.
    index('jobs_due_idx')
      .on(t.kind, t.runAt)
      .where(sql`status = 'pending'`),
    // The few jobs under a lease (running, or left by a crashed instance): when the first lease runs out.
    index('jobs_leased_idx')
      .on(t.lockedUntil)
      .where(sql`status = 'pending' and locked_until is not null`),
    uniqueIndex('jobs_live_unique_key_idx')
      .on(t.uniqueKey)
      .where(sql`status = 'pending'`),
    // A mail's key whatever its state: a class that fills is told once per filling, so its key is looked for among
    // the mails already sent too. Only mails: an index over every job would be written three times per job
    // (queued, claimed, done), for a look at mails alone.
    index('jobs_mail_key_idx')
      .on(t.uniqueKey)
      .where(sql`kind = 'mail'`),
    // The failed jobs of the last day, counted on every /readyz.
    index('jobs_failed_idx')
      .on(t.kind, t.finishedAt)
      .where(sql`status = 'failed'`),
  ],
);
