import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const applicationStatus = pgEnum('application_status', ['pending', 'approved', 'rejected']);

export const employeeApplications = pgTable(
  'employee_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    bio: text('bio').notNull(),
    experience: text('experience').notNull(),
    specialties: text('specialties').notNull(),
    status: applicationStatus('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewNotes: text('review_notes'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // At most one pending application per e-mail address.
    uniqueIndex('employee_applications_pending_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    index('employee_applications_created_idx').on(t.createdAt),
  ],
);
