import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const discountKind = pgEnum('discount_kind', ['percent', 'fixed']);

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored upper-case: codes are case-insensitive for customers.
    code: text('code').notNull(),
    kind: discountKind('kind').notNull(),
    // Percent (1 to 100) or an amount of money, by kind.
    value: numeric('value', { precision: 10, scale: 2 }).notNull(),
    minSubtotal: numeric('min_subtotal', { precision: 10, scale: 2 }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    // Orders that carry the code and are not cancelled; counted in the checkout's transaction
    // (docs/decisions/0009-discount-uses-counted-exactly.md).
    timesUsed: integer('times_used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_key').on(t.code),
    check('discount_codes_code_upper', sql`${t.code} = upper(${t.code})`),
    check('discount_codes_value_range', sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check('discount_codes_limits_positive', sql`coalesce(${t.usageLimit}, 1) >= 1 and ${t.perCustomerLimit} >= 1`),
    // The last line of defence for the usage limit: no commit can ever count a use beyond it.
    check(
      'discount_codes_uses_within_limit',
      sql`${t.timesUsed} >= 0 and (${t.usageLimit} is null or ${t.timesUsed} <= ${t.usageLimit})`,
    ),
    check(
      'discount_codes_dates_ordered',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.startsAt} < ${t.endsAt}`,
    ),
  ],
);

// The code a customer applied to their cart; the checkout re-checks and counts it.
export const cartDiscounts = pgTable('cart_discounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  discountId: uuid('discount_id')
    .notNull()
    .references(() => discountCodes.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
