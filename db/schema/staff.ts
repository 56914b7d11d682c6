import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// Who changed what in the admin area: one row per staff write, written in the write's own transaction
// (src/server/staff/audit.ts), so the log holds exactly the changes that committed.
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // A removed account leaves its history; the row then names nobody.
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    // In English: what a reader without a language gets, and all an entry written before the template was kept has.
    summary: text('summary').notNull(),
    // The same summary as a sentence (src/shared/i18n/sentence.ts), said in each reader's language.
    summaryTemplate: text('summary_template'),
    summaryValues: jsonb('summary_values').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);
