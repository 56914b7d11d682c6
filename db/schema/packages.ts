import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { orders } from './commerce';
import { users } from './users';

// A pack of sessions sold ahead (docs/packages.md): staff define it, customers buy it as an order of one line.
export const servicePackages = pgTable(
  'service_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // The services a session of the pack may be spent on.
    serviceIds: uuid('service_ids').array().notNull(),
    sessions: integer('sessions').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    validDays: integer('valid_days').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('service_packages_sessions_range', sql`${t.sessions} between 2 and 50`),
    check('service_packages_price_non_negative', sql`${t.price} >= 0`),
    check('service_packages_valid_days_positive', sql`${t.validDays} >= 1`),
  ],
);

// The order that buys a pack, written with the order: what the credit will hold once the order is paid.
export const packagePurchases = pgTable('package_purchases', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  // A deleted pack leaves its purchases (and their credits) as they were bought.
  packageId: uuid('package_id').references(() => servicePackages.id, { onDelete: 'set null' }),
  customerId: uuid('customer_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  serviceIds: uuid('service_ids').array().notNull(),
  sessions: integer('sessions').notNull(),
  validDays: integer('valid_days').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// A customer's paid pack: one per paid purchase order (the unique order id makes the paid hook idempotent).
export const packageCredits = pgTable(
  'package_credits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id').references(() => servicePackages.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    serviceIds: uuid('service_ids').array().notNull(),
    sessions: integer('sessions').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The last line of defence: whatever races the application loses, no commit spends a session twice.
    check('package_credits_remaining_range', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.sessions}`),
    uniqueIndex('package_credits_order_key').on(t.orderId),
    index('package_credits_customer_idx').on(t.customerId, t.expiresAt),
  ],
);

// Each session spent: one row per appointment, returned (returnedAt) when it is cancelled within the notice.
export const packageCreditUses = pgTable(
  'package_credit_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creditId: uuid('credit_id')
      .notNull()
      .references(() => packageCredits.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('package_credit_uses_appointment_key').on(t.appointmentId),
    index('package_credit_uses_credit_idx').on(t.creditId),
  ],
);
