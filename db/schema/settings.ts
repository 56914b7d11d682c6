import { sql } from 'drizzle-orm';
import { check, pgEnum, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export const businessType = pgEnum('business_type', ['products', 'services', 'both']);

// One business per deployment: a single row, pinned to id 1 by a check.
export const businessSettings = pgTable(
  'business_settings',
  {
    id: smallint('id').primaryKey().default(1),
    businessName: text('business_name').notNull(),
    businessDescription: text('business_description').notNull().default(''),
    businessType: businessType('business_type').notNull().default('both'),
    timezone: text('timezone').notNull().default('UTC'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('business_settings_single_row', sql`${t.id} = 1`),
    check('business_settings_name_not_blank', sql`length(trim(${t.businessName})) > 0`),
  ],
);
