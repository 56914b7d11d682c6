import type { Tx } from '../../../db/client';
import { enqueue, enqueueAll } from '../jobs/enqueue';
import type { OutgoingMail } from './outgoing-mail';

/**
 * Queues a mail (a `mail` job) in the caller's transaction: it exists exactly when the change that caused it
 * commits. Answers the job's id.
 */
export function enqueueMail(tx: Tx, mail: OutgoingMail): Promise<string> {
  return enqueue(tx, 'mail', mail);
}

/** Queues several mails in the caller's transaction, in one statement. */
export function enqueueMails(tx: Tx, mails: OutgoingMail[]): Promise<string[]> {
  return enqueueAll(tx, 'mail', mails);
}
