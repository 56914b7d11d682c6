import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { services } from './catalog';

// A place where services are given. There is always at least one; the first (by position, then age) is where
// existing data belongs and what first_location_id() (the default of every location_id column) names. A null name
// or time zone follows the business settings, so a one-location business that renames itself or moves its time
// zone sees its location follow.
export const locations = pgTable(
  'locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name'),
    address: text('address').notNull().default(''),
    timeZone: text('time_zone'),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('locations_name_not_blank', sql`${t.name} is null or length(trim(${t.name})) > 0`),
    index('locations_order_idx').on(t.position, t.createdAt, t.id),
  ],
);

// Something a booking needs besides its employee (a treatment room, a nail station): `quantity` interchangeable
// units at one location. A booking holds one unit of each resource its service needs (resource_holds).
export const resources = pgTable(
  'resources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('resources_quantity_range', sql`${t.quantity} between 1 and 50`),
    check('resources_name_not_blank', sql`length(trim(${t.name})) > 0`),
    index('resources_location_idx').on(t.locationId),
  ],
);

// Where a service is offered; a service with no rows here is offered at every location.
export const serviceLocations = pgTable(
  'service_locations',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.locationId] })],
);

// The resources a service needs: one unit of each (those at the booking's location).
export const serviceResources = pgTable(
  'service_resources',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    resourceId: uuid('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.resourceId] })],
);
