import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { users } from './users';

export const calendarConnectionKind = pgEnum('calendar_connection_kind', ['caldav', 'ics']);
export const calendarConnectionStatus = pgEnum('calendar_connection_status', ['ok', 'error']);

// A staff member's own calendar account (CalDAV) or published address (ICS), synced by jobs (docs/calendars.md).
// The password is AES-GCM encrypted with a key derived from SESSION_SECRET; it is never answered or logged.
export const calendarConnections = pgTable(
  'calendar_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: calendarConnectionKind('kind').notNull(),
    url: text('url').notNull(),
    username: text('username'),
    passwordEncrypted: text('password_encrypted'),
    status: calendarConnectionStatus('status').notNull().default('ok'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('calendar_connections_employee_idx').on(t.employeeId)],
);

// The calendars of a connection (an ICS address is one calendar whose href is its URL), with what the person chose
// and where the last sync left off: the CalDAV ctag and sync-token, or the ICS answer's ETag.
export const externalCalendars = pgTable(
  'external_calendars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => calendarConnections.id, { onDelete: 'cascade' }),
    href: text('href').notNull(),
    name: text('name').notNull(),
    writable: boolean('writable').notNull().default(false),
    readsBusy: boolean('reads_busy').notNull().default(true),
    receivesBookings: boolean('receives_bookings').notNull().default(false),
    ctag: text('ctag'),
    syncToken: text('sync_token'),
    etag: text('etag'),
    // How far ahead its busy spans are expanded: a series without an end is expanded again from the stored objects
    // as the booking window moves on, without asking the server.
    busyUntil: timestamp('busy_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('external_calendars_connection_href_idx').on(t.connectionId, t.href),
    // One receiving calendar per connection; the service keeps it to one per employee.
    uniqueIndex('external_calendars_receiving_idx')
      .on(t.connectionId)
      .where(sql`receives_bookings`),
  ],
);

// One calendar object (a .ics resource: an event with its overrides) as last read, by its ETag: an unchanged ETag
// is not read again.
export const externalCalendarObjects = pgTable(
  'external_calendar_objects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => externalCalendars.id, { onDelete: 'cascade' }),
    href: text('href').notNull(),
    etag: text('etag'),
    data: text('data').notNull(),
  },
  (t) => [uniqueIndex('external_calendar_objects_calendar_href_idx').on(t.calendarId, t.href)],
);

// The busy spans of an object, expanded at sync time (recurrences, time zones, all-day dates) over the booking
// window, so that the slots path reads plain rows by employee and time through one index.
export const externalBusy = pgTable(
  'external_busy',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    objectId: uuid('object_id')
      .notNull()
      .references(() => externalCalendarObjects.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('external_busy_object_idx').on(t.objectId),
    index('external_busy_employee_span_idx').using('gist', t.employeeId, sql`tstzrange(${t.startsAt}, ${t.endsAt})`),
  ],
);

// Where an appointment was written (its calendar and resource), so a move or a cancellation reaches the same event
// even after the person chose another receiving calendar.
export const externalCalendarPushes = pgTable('external_calendar_pushes', {
  appointmentId: uuid('appointment_id')
    .primaryKey()
    .references(() => appointments.id, { onDelete: 'cascade' }),
  calendarId: uuid('calendar_id')
    .notNull()
    .references(() => externalCalendars.id, { onDelete: 'cascade' }),
  href: text('href').notNull(),
  etag: text('etag'),
});
