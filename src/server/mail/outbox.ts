import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client';
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
 * NOTIFY is transactional too, so workers hear about it only after the commit. One statement (one round
 * trip) for both: the checkout and the booking queue a mail in every transaction.
 */
export async function enqueueMail(tx: Tx, mail: OutgoingMail): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`with queued as (
          insert into ${mailOutbox} (to_address, subject, text_body, ical_event)
          values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.icalEvent ?? null})
          returning id)
        select id, pg_notify(${MAIL_CHANNEL}, id::text) from queued`,
  );
  return row!.id;
}
