import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { mailOutbox } from '../../../db/schema/index';

/** NOTIFY channel that wakes the delivery worker of every app instance when mail is queued. */
export const MAIL_CHANNEL = 'mail_outbox';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** iCalendar text attached as a calendar invitation (METHOD:REQUEST or CANCEL inside). */
  icalEvent?: string;
}

/**
 * Queues a mail in the caller's transaction: it exists exactly when the change that caused it commits.
 * NOTIFY is transactional too, so workers hear about it only after the commit.
 */
export async function enqueueMail(tx: Tx, mail: OutgoingMail): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, icalEvent: mail.icalEvent ?? null })
    .returning({ id: mailOutbox.id });
  await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, ${row!.id})`);
  return row!.id;
}
