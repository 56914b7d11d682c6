import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { jobs } from '../../../db/schema/index';
import { enqueue, enqueueAll, type EnqueueOptions } from '../jobs/enqueue';
import { mailKind } from './delivery';
import type { OutgoingMail } from './outgoing-mail';

/**
 * Queues a mail (a `mail` job) in the caller's transaction: it exists exactly when the change that caused it
 * commits. Answers the job's id, or null for a mail to an erased customer, which is not queued (mailKind).
 */
export function enqueueMail(tx: Tx, mail: OutgoingMail, options?: EnqueueOptions): Promise<string | null> {
  if (mailKind.refuses?.(mail)) return Promise.resolve(null);
  return enqueue(tx, mailKind, mail, options);
}

/** Queues several mails in the caller's transaction, in one statement (none to an erased customer). */
export function enqueueMails(tx: Tx, mails: OutgoingMail[]): Promise<string[]> {
  return enqueueAll(tx, mailKind, mails);
}

/**
 * Withdraws the mails still waiting to go that mention an address (an erased customer's former one), to her or about
 * her to staff (a booking's mail to the employee names her and her address): nobody is written to, or about her,
 * after an erasure. In the caller's transaction; they are cancelled, as a cancelled appointment's reminders are, and
 * never sent. One a runner is sending at that moment may still go. Answers how many were withdrawn.
 */
export async function withdrawMail(tx: Tx, address: string): Promise<number> {
  const withdrawn = await tx
    .update(jobs)
    .set({ status: 'cancelled', lockedUntil: null, finishedAt: sql`now()` })
    .where(
      and(
        eq(jobs.kind, mailKind.kind),
        eq(jobs.status, 'pending'),
        sql`strpos(lower(${jobs.payload}::text), lower(${address})) > 0`,
      ),
    )
    .returning({ id: jobs.id });
  return withdrawn.length;
}
