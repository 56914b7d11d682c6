import type { Tx } from '../../../db/client';
import { enqueue, enqueueAll, type EnqueueOptions } from '../jobs/enqueue';
import { mailKind } from './delivery';
import type { OutgoingMail } from './outgoing-mail';

/**
 * Queues a mail (a `mail` job) in the caller's transaction: it exists exactly when the change that caused it
 * commits. Answers the job's id.
 */
export function enqueueMail(tx: Tx, mail: OutgoingMail, options?: EnqueueOptions): Promise<string> {
  return enqueue(tx, mailKind, mail, options);
}

/** Queues several mails in the caller's transaction, in one statement. */
export function enqueueMails(tx: Tx, mails: OutgoingMail[]): Promise<string[]> {
  return enqueueAll(tx, mailKind, mails);
}
