import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { statement, type Tx } from '../../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../../db/schema/index';
import { webhookEventData, type WebhookEventType } from '../../shared/webhook-schema';
import { enqueue } from '../jobs/enqueue';

// `data` is checked against the same schema as the REST GET of its resource (webhookEventData).
type EventData<T extends WebhookEventType> = z.input<(typeof webhookEventData)[T]>;

/** Writes one event and queues its delivery to the given endpoints; answers the deliveries' ids. */
export async function writeEvent<T extends WebhookEventType>(
  tx: Tx,
  type: T,
  data: EventData<T>,
  endpointIds: string[],
): Promise<string[]> {
  const [event] = await tx
    .insert(webhookEvents)
    .values({ type, data: webhookEventData[type].parse(data) })
    .returning({ id: webhookEvents.id });
  const deliveries = await tx
    .insert(webhookDeliveries)
    .values(endpointIds.map((endpointId) => ({ endpointId, eventId: event!.id })))
    .returning({ id: webhookDeliveries.id });
  for (const { id } of deliveries) await enqueue(tx, 'webhook', { deliveryId: id }, { uniqueKey: `webhook:${id}` });
  return deliveries.map((d) => d.id);
}

/**
 * Records that something happened, in the caller's transaction (so a rolled-back write emits nothing and a
 * committed one is always delivered), and queues one delivery per active endpoint subscribed to the type.
 * `data` is the resource as the REST GET answers it, or a function reading it: read only when an endpoint
 * listens, so writes nobody subscribes to pay one indexed look-up.
 */
export async function emitEvent<T extends Exclude<WebhookEventType, 'ping'>>(
  tx: Tx,
  type: T,
  data: EventData<T> | (() => Promise<EventData<T>>),
): Promise<void> {
  const subscribers = await readSubscribers(tx, { type });
  if (subscribers.length === 0) return;
  const resource = typeof data === 'function' ? await data() : data;
  await writeEvent(
    tx,
    type,
    resource,
    subscribers.map((s) => s.id),
  );
}

/**
 * Whether an active endpoint listens to the type now. A writer that sends its whole transaction at once reads this
 * first and emits only when someone listens: an endpoint added while it writes may miss that one event, as it may
 * when added just after the read inside the writing transaction.
 */
export async function isListenedTo(db: Tx, type: Exclude<WebhookEventType, 'ping'>): Promise<boolean> {
  return (await readSubscribers(db, { type })).length > 0;
}

// Every write that emits an event runs this, most often to find nobody listening.
const readSubscribers = statement<{ type: string }, { id: string }>(
  sql`select ${webhookEndpoints.id} as id from ${webhookEndpoints}
    where ${webhookEndpoints.isActive} and ${sql.placeholder('type')}::text = any(${webhookEndpoints.events})`,
);
