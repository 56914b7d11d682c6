import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Where integrators receive events (src/server/webhooks, docs/integrations.md).
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    // The signing key (`whsec_…`). Signing needs it in clear; it is answered only when the endpoint is created.
    secret: text('secret').notNull(),
    // Deliveries that failed for good since the last success: at a limit the endpoint is switched off.
    failuresInARow: integer('failures_in_a_row').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_created_idx').on(t.createdAt)],
);

// Something that happened, written in the transaction of the write it describes, whether or not an endpoint
// listens: GET /api/events lists them and a replay sends them again, for 30 days. `data` is the resource as the
// REST GET of it answered at that moment.
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_events_created_idx').on(t.createdAt, t.id),
    index('webhook_events_type_created_idx').on(t.type, t.createdAt, t.id),
  ],
);

// One event to one endpoint, and the outcome of every attempt at it. The attempts are made, retried and spaced by its
// `webhook` job (src/server/jobs): the job is the only ledger of retries, this row only says how each attempt ended.
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    // Oldest first, one per attempt that ended (DeliveryOutcome in src/server/webhooks/delivery.ts).
    outcomes: jsonb('outcomes').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);
