import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { statement, type Tx } from '../../../db/client';
import { appointments, jobs, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../../db/schema/index';
import { ZAppointment, type Appointment } from '../../shared/appointment-schema';
import { webhookEventData, type WebhookEventType } from '../../shared/webhook-schema';
import { enqueue, JOBS_CHANNEL } from '../jobs/enqueue';
import { deliveryJobKey, deliveryJobKeyOf, webhookKind } from './delivery';
import { isoInstant } from '../paging/page';

const WEBHOOK_KIND = webhookKind.kind;

// `data` is checked against the same schema as the REST GET of its resource (webhookEventData).
type EventData<T extends WebhookEventType> = z.input<(typeof webhookEventData)[T]>;

/** Writes one event and queues its delivery to the given endpoints; answers the deliveries' ids. */
export async function writeEvent<T extends WebhookEventType>(
  tx: Tx,
  type: T,
  data: EventData<T>,
  endpointIds: string[],
  id?: string,
): Promise<string[]> {
  const [event] = await tx
    .insert(webhookEvents)
    .values({ ...(id && { id }), type, data: webhookEventData[type].parse(data) })
    .returning({ id: webhookEvents.id });
  return queueDeliveries(tx, event!.id, endpointIds);
}

/** Queues one delivery of the event to each endpoint; answers the deliveries' ids. */
export async function queueDeliveries(tx: Tx, eventId: string, endpointIds: string[]): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const deliveries = await tx
    .insert(webhookDeliveries)
    .values(endpointIds.map((endpointId) => ({ endpointId, eventId })))
    .returning({ id: webhookDeliveries.id });
  for (const { id } of deliveries)
    await enqueue(tx, webhookKind, { deliveryId: id }, { uniqueKey: deliveryJobKey(id) });
  return deliveries.map((d) => d.id);
}

/**
 * Records that something happened, in the caller's transaction (so a rolled-back write emits nothing and a
 * committed one is always delivered), and queues one delivery per active endpoint subscribed to the type. The
 * event is kept whether or not anyone listens: GET /api/events lists it and a replay sends it (event-log.ts).
 * `data` is the resource as the REST GET answers it, or a function reading it.
 */
export async function emitEvent<T extends Exclude<WebhookEventType, 'ping'>>(
  tx: Tx,
  type: T,
  data: EventData<T> | (() => Promise<EventData<T>>),
  id?: string,
): Promise<void> {
  const subscribers = await readSubscribers(tx, { type });
  const resource = typeof data === 'function' ? await data() : data;
  await writeEvent(
    tx,
    type,
    resource,
    subscribers.map((s) => s.id),
    id,
  );
}

// Every write that emits an event runs this, most often to find nobody listening.
const readSubscribers = statement<{ type: string }, { id: string }>(
  sql`select ${webhookEndpoints.id} as id from ${webhookEndpoints}
    where ${webhookEndpoints.isActive} and ${sql.placeholder('type')}::text = any(${webhookEndpoints.events})`,
);

/**
 * Records many events at once (publishAll), each checked against its type's schema: the events, one delivery (and its
 * `webhook` job) per active endpoint listening to each one's type, in one statement.
 */
export async function recordEvents(
  tx: Tx,
  events: { id: string; type: Exclude<WebhookEventType, 'ping'>; data: unknown }[],
): Promise<void> {
  const checked = events.map((event) => ({ ...event, data: webhookEventData[event.type].parse(event.data) }));
  await insertEvents(tx, { events: JSON.stringify(checked) });
}

/**
 * What follows an `events` CTE (id, type) of newly kept events: one delivery per active endpoint listening to each
 * event's type, its `webhook` job, and the job's NOTIFY.
 */
const deliveriesOfEvents = sql`deliveries as (
      insert into ${webhookDeliveries} (endpoint_id, event_id)
      select p.id, events.id from events join ${webhookEndpoints} p on p.is_active and events.type = any(p.events)
      returning id),
    queued as (
      insert into ${jobs} (kind, payload, unique_key)
      select ${WEBHOOK_KIND}::text, jsonb_build_object('deliveryId', d.id), ${deliveryJobKeyOf(sql`d.id`)} from deliveries d
      returning id)
    select pg_notify(${JOBS_CHANNEL}, ${WEBHOOK_KIND}::text || ':' || id::text) from queued`;

const insertEvents = statement<{ events: string }, never>(
  sql`with events as (
      insert into ${webhookEvents} (id, type, data)
      select (e.value ->> 'id')::uuid, e.value ->> 'type', e.value -> 'data'
      from jsonb_array_elements(${sql.placeholder('events')}::jsonb) e
      returning id, type),
    ${deliveriesOfEvents}`,
);

/**
 * The `appointment.created` events of a booking sent in one round trip (docs/decisions/0017): kept for GET /api/events
 * and replays, with one delivery (and its `webhook` job) per active endpoint listening, in one statement. The answers
 * are built before the transaction; what only the insert knows (a seat's session, the deposit as stored, the times)
 * is taken from the rows the same transaction has just written, and the endpoints listening are read there too (an
 * endpoint added while the booking commits gets the event or not, as with any write). The schema check is
 * synchronous, so a bad answer throws before the COMMIT is sent.
 */
export function recordBookedEvents(tx: Tx, made: { eventId: string; appointment: Appointment }[]) {
  return insertBookedEvents(tx, {
    data: JSON.stringify(
      made.map(({ eventId, appointment }) => ({ id: eventId, data: ZAppointment.parse(appointment) })),
    ),
  });
}

const insertBookedEvents = statement<{ data: string }, never>(
  sql`with events as (
      insert into ${webhookEvents} (id, type, data)
      select (e.value ->> 'id')::uuid, 'appointment.created', (e.value -> 'data') || jsonb_build_object(
        'sessionId', a.session_id,
        'amountDue', a.amount_due::text,
        'createdAt', to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'updatedAt', ${isoInstant(sql`a.updated_at`)})
      from jsonb_array_elements(${sql.placeholder('data')}::jsonb) e
      join ${appointments} a on a.id = (e.value -> 'data' ->> 'id')::uuid
      -- Read by the primary key: the planner guesses 100 elements for any JSON array, so on the join alone it hashes
      -- them and reads every appointment (about 1 ms a booking at 3,000 appointments, growing with the table).
      where a.id = any(array(select (b.value -> 'data' ->> 'id')::uuid
                             from jsonb_array_elements(${sql.placeholder('data')}::jsonb) b))
      returning id, type),
    ${deliveriesOfEvents}`,
);
