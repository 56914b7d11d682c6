import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);

// Mail is written here in the same transaction as the change that causes it, then delivered;
// without SMTP it simply stays here (and the log shows it), so every flow works offline.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    // A calendar invitation (iCalendar text) sent with the mail, e.g. for an appointment.
    icalEvent: text('ical_event'),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    // Delivery lease and retry back-off: a worker claims a row by pushing this into the future, so
    // several app instances never send the same mail at once and a crashed send is retried later.
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
