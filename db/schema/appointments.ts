import { sql } from 'drizzle-orm';
import { appointmentPaymentStatuses, appointmentStatuses } from '../statuses';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { services } from './catalog';
import { users } from './users';
import { locations, resources } from './locations';

// Every location_id defaults to the first location (db/migrations/*_locations_resources.sql), so writers that know
// nothing of locations keep working for a one-location business.
const firstLocation = sql`first_location_id()`;

export const appointmentStatus = pgEnum('appointment_status', appointmentStatuses);
export const appointmentPaymentStatus = pgEnum('appointment_payment_status', appointmentPaymentStatuses);

// The no-overlap rule for one employee is an exclusion constraint on the held span, added in a custom migration
// (drizzle cannot express EXCLUDE): see db/migrations/*_appointment_lifecycle.sql and *_class_seats.sql (seats of
// one class session may overlap each other).
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
    // Where it takes place; a deleted location's past appointments move to the first one.
    locationId: uuid('location_id')
      .notNull()
      .default(firstLocation)
      .references(() => locations.id, { onDelete: 'set default' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull(),
    // The service's buffers when it was booked: later changes to the service leave booked time as it was.
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    // The held span [start − before, end + after): what the employee cannot give anyone else. Generated, so no
    // write can leave it out of step with the times; held_bound is an immutable minutes-only addition.
    heldStartsAt: timestamp('held_starts_at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`held_bound(starts_at, -buffer_before_minutes)`),
    heldEndsAt: timestamp('held_ends_at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`held_bound(ends_at, buffer_after_minutes)`),
    notes: text('notes').notNull().default(''),
    // The intake answers as asked when booked (label and answer): editing the service's questions leaves them.
    answers: jsonb('answers')
      .$type<{ questionId: string; label: string; answer: string | boolean }[]>()
      .notNull()
      .default([]),
    status: appointmentStatus('status').notNull().default('pending'),
    // The calendar invitation's SEQUENCE: raised by every reschedule and cancellation so that mail clients
    // replace the event they already hold (same UID) instead of adding another.
    sequence: integer('sequence').notNull().default(0),
    // The occurrences of one recurring booking share it (null for a single booking): listed and cancelled together.
    seriesId: uuid('series_id'),
    // A class seat: the seats of one session (same employee, service and start) share sessionId and may share the
    // held span; each has its own seat number, 1 to the service's capacity when it was booked. Null for an
    // ordinary appointment, which shares its time with nobody (docs/decisions/0015-class-seats.md).
    sessionId: uuid('session_id'),
    seat: integer('seat'),
    capacity: integer('capacity').notNull().default(1),
    // The deposit asked when it was booked (0.00 for none); a later change to the service leaves it as it was.
    amountDue: numeric('amount_due', { precision: 10, scale: 2 }).notNull().default('0'),
    paymentStatus: appointmentPaymentStatus('payment_status').notNull().default('not_required'),
    // The card payment that takes it (a Checkout Session); every occurrence of a series shares one.
    paymentProvider: text('payment_provider'),
    paymentReference: text('payment_reference'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('appointments_duration_positive', sql`${t.duration} > 0`),
    check('appointments_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('appointments_buffers_non_negative', sql`${t.bufferBeforeMinutes} >= 0 and ${t.bufferAfterMinutes} >= 0`),
    index('appointments_employee_starts_idx').on(t.employeeId, t.startsAt),
    index('appointments_customer_starts_idx').on(t.customerId, t.startsAt),
    index('appointments_starts_idx').on(t.startsAt),
    // Most appointments have no series, session or payment reference: their indexes leave those rows out, so an
    // ordinary booking writes four index entries fewer. Every look-up by these columns is an equality, which the
    // planner knows to be non-null.
    index('appointments_series_idx')
      .on(t.seriesId)
      .where(sql`${t.seriesId} is not null`),
    check('appointments_seat_of_session', sql`(${t.sessionId} is null) = (${t.seat} is null)`),
    check('appointments_seat_within_capacity', sql`${t.seat} is null or ${t.seat} between 1 and ${t.capacity}`),
    // Two live seats of one session never share a number (so never exceed its capacity) or a customer.
    uniqueIndex('appointments_session_seat_key')
      .on(t.sessionId, t.seat)
      .where(sql`${t.sessionId} is not null and ${t.status} in ('pending', 'confirmed')`),
    uniqueIndex('appointments_session_customer_key')
      .on(t.sessionId, t.customerId)
      .where(sql`${t.sessionId} is not null and ${t.status} in ('pending', 'confirmed')`),
    index('appointments_payment_reference_idx')
      .on(t.paymentReference)
      .where(sql`${t.paymentReference} is not null`),
    // Integrators walk the appointments changed since a time (docs/integrations.md, Reconciliation).
    index('appointments_updated_idx').on(t.updatedAt, t.id),
  ],
);

// Weekly hours: an employee's recurring wall-clock hours in the business time zone; dayOfWeek 0 is Sunday.
// The table keeps its first name, `availability`.
export const weeklyHours = pgTable(
  'availability',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .default(firstLocation)
      .references(() => locations.id, { onDelete: 'cascade' }),
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

// Date overrides: one date's own hours in the business time zone, replacing that weekday's weekly hours: a day
// off (isAvailable false, no times) or special hours (several rows for one date give several time windows).
export const dateOverrides = pgTable(
  'availability_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .default(firstLocation)
      .references(() => locations.id, { onDelete: 'cascade' }),
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

// Reminder e-mails that went out: one row per appointment, offset and start (a reschedule starts afresh), written
// in the same transaction as the mail, so a job run twice sends once and staff can see what went.
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    offsetMinutes: integer('offset_minutes').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.offsetMinutes, t.startsAt] })],
);

// A staff member's private calendar subscription, one per person. The URL's token is an HMAC of the random nonce
// under the server's secret, so the table alone (nonce and the token's SHA-256, which finds the row) cannot make a
// working URL. Rotating replaces the row, so the old URL stops at once.
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash)],
);

// A customer waiting for a time to open for a service on a date (with one employee, or any when null). The
// entry is removed when its "A time opened up" mail is queued: one mail per entry, and the customer may wait again.
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').references(() => users.id, { onDelete: 'cascade' }),
    // Where the customer would book (the location chosen on the booking page); a deleted location's entries go.
    locationId: uuid('location_id')
      .notNull()
      .default(firstLocation)
      .references(() => locations.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('waitlist_entries_once_key')
      .on(t.customerId, t.serviceId, t.locationId, t.date, t.employeeId)
      .nullsNotDistinct(),
    index('waitlist_entries_service_date_idx').on(t.serviceId, t.date),
  ],
);

// One unit of a resource held by a live appointment over its held span. Written and removed by the trigger
// hold_appointment_resources (db/migrations/*_locations_resources.sql) whenever an appointment is booked, moved,
// cancelled or revived, so no write path can forget it. The seats of one class session share one unit
// (session_key = coalesce(session_id, appointment id)); the exclusion constraint resource_holds_no_overlap, added
// in the same migration, makes two holds of one unit at once impossible.
export const resourceHolds = pgTable(
  'resource_holds',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    unit: integer('unit').notNull(),
    sessionKey: uuid('session_key').notNull(),
    heldStartsAt: timestamp('held_starts_at', { withTimezone: true }).notNull(),
    heldEndsAt: timestamp('held_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appointmentId, t.resourceId] }),
    check('resource_holds_unit_positive', sql`${t.unit} >= 1`),
  ],
);
