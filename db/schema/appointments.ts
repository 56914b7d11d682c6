import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  time,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { services } from './catalog';
import { users } from './users';

export const appointmentStatus = pgEnum('appointment_status', ['pending', 'confirmed', 'completed', 'cancelled']);

// The no-overlap rule for one employee is an exclusion constraint added in a custom migration
// (drizzle cannot express EXCLUDE): see db/migrations/*_appointments_no_overlap.sql.
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // A deleted service leaves its appointments in place; screens fall back to "Service".
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull(),
    notes: text('notes').notNull().default(''),
    status: appointmentStatus('status').notNull().default('pending'),
    // The calendar invitation's SEQUENCE: raised by every reschedule and cancellation so that mail clients
    // replace the event they already hold (same UID) instead of adding another.
    sequence: integer('sequence').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('appointments_duration_positive', sql`${t.duration} > 0`),
    check('appointments_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    index('appointments_employee_starts_idx').on(t.employeeId, t.startsAt),
    index('appointments_customer_starts_idx').on(t.customerId, t.startsAt),
    index('appointments_starts_idx').on(t.startsAt),
  ],
);

// Weekly wall-clock availability in the business time zone; dayOfWeek 0 is Sunday.
export const availability = pgTable(
  'availability',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    isAvailable: boolean('is_available').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('availability_day_of_week_range', sql`${t.dayOfWeek} between 0 and 6`),
    check('availability_end_after_start', sql`${t.endTime} > ${t.startTime}`),
    index('availability_employee_idx').on(t.employeeId, t.dayOfWeek),
  ],
);

// One date's own availability in the business time zone, replacing that weekday's windows: a day off
// (isAvailable false, no times) or a window (several rows for one date give several windows).
export const availabilityOverrides = pgTable(
  'availability_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    isAvailable: boolean('is_available').notNull(),
    startTime: time('start_time'),
    endTime: time('end_time'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'availability_overrides_window',
      sql`not ${t.isAvailable} or (${t.startTime} is not null and ${t.endTime} is not null and ${t.endTime} > ${t.startTime})`,
    ),
    index('availability_overrides_employee_date_idx').on(t.employeeId, t.date),
  ],
);
