import { sql } from 'drizzle-orm';
import { check, integer, pgEnum, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

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
    // Booking rules: how far ahead a start must be, how many days ahead can be booked, and until how
    // long before the start a customer may cancel or reschedule.
    bookingNoticeMinutes: integer('booking_notice_minutes').notNull().default(60),
    bookingWindowDays: integer('booking_window_days').notNull().default(30),
    cancellationNoticeHours: integer('cancellation_notice_hours').notNull().default(24),
    // Minutes before the start at which the customer is reminded by e-mail; empty turns reminders off.
    reminderOffsetsMinutes: integer('reminder_offsets_minutes')
      .array()
      .notNull()
      .default(sql`'{1440,120}'::integer[]`),
    // ISO 4217 code of the currency every price is in (one with cents: amounts are stored with two decimals).
    currency: text('currency').notNull().default('USD'),
    // The language of a visitor whose browser asks for none the product speaks (src/shared/i18n/locales.ts).
    defaultLocale: text('default_locale').$type<'en' | 'es'>().notNull().default('en'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('business_settings_single_row', sql`${t.id} = 1`),
    check('business_settings_name_not_blank', sql`length(trim(${t.businessName})) > 0`),
    check('business_settings_booking_notice_range', sql`${t.bookingNoticeMinutes} >= 0`),
    check('business_settings_booking_window_range', sql`${t.bookingWindowDays} >= 1`),
    check('business_settings_cancellation_notice_range', sql`${t.cancellationNoticeHours} >= 0`),
    check('business_settings_currency_code', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('business_settings_default_locale_known', sql`${t.defaultLocale} in ('en', 'es')`),
    check(
      'business_settings_reminder_offsets_range',
      sql`cardinality(${t.reminderOffsetsMinutes}) <= 3 and 5 <= all(${t.reminderOffsetsMinutes}) and 10080 >= all(${t.reminderOffsetsMinutes})`,
    ),
  ],
);
