import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { depositTypes } from '../statuses';
import { users } from './users';

/** An intake question of a service, as src/shared/catalog.ts describes it. */
interface StoredQuestion {
  id: string;
  label: string;
  kind: 'text' | 'choice' | 'checkbox';
  options?: string[];
  required: boolean;
  translations?: Partial<Record<'es', { label: string; options?: string[] }>>;
}

export const depositType = pgEnum('deposit_type', depositTypes);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default(''),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    imageUrl: text('image_url'),
    inventory: integer('inventory').notNull().default(0),
    isFeatured: boolean('is_featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_inventory_non_negative', sql`${t.inventory} >= 0`),
    check('products_price_non_negative', sql`${t.price} >= 0`),
    check('products_name_not_blank', sql`length(trim(${t.name})) > 0`),
    index('products_active_idx').on(t.isActive),
  ],
);

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default(''),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    imageUrl: text('image_url'),
    duration: integer('duration').notNull().default(60),
    // Time the employee stays held before and after the appointment (preparation, cleaning up): see held span.
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    // Customers who may book one start with one employee (a class above 1): see docs/booking.md, Classes.
    capacity: integer('capacity').notNull().default(1),
    // Paid when booking (docs/booking.md, Deposits): nothing, a fixed amount (deposit_amount) or the whole price.
    depositType: depositType('deposit_type').notNull().default('none'),
    depositAmount: numeric('deposit_amount', { precision: 10, scale: 2 }),
    // Intake questions asked when booking (docs/customers.md): at most 10, checked by the API's schema.
    questions: jsonb('questions').$type<StoredQuestion[]>().notNull().default([]),
    isFeatured: boolean('is_featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('services_duration_positive', sql`${t.duration} > 0`),
    check(
      'services_buffer_before_range',
      sql`${t.bufferBeforeMinutes} between 0 and 240 and ${t.bufferBeforeMinutes} % 5 = 0`,
    ),
    check(
      'services_buffer_after_range',
      sql`${t.bufferAfterMinutes} between 0 and 240 and ${t.bufferAfterMinutes} % 5 = 0`,
    ),
    check('services_capacity_range', sql`${t.capacity} between 1 and 100`),
    check('services_price_non_negative', sql`${t.price} >= 0`),
    check(
      'services_deposit_amount',
      sql`case when ${t.depositType} = 'fixed' then ${t.depositAmount} > 0 and ${t.depositAmount} <= ${t.price} else ${t.depositAmount} is null end`,
    ),
    check('services_name_not_blank', sql`length(trim(${t.name})) > 0`),
    index('services_active_idx').on(t.isActive),
  ],
);

// Who may perform a service. A service with no rows here may be performed by every active staff member.
export const serviceProviders = pgTable(
  'service_providers',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.employeeId] }),
    index('service_providers_employee_idx').on(t.employeeId),
  ],
);
