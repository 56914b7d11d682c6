import type { z } from 'zod';
import type { webhookEventData, webhookEventTypes } from '../../shared/webhook-schema';

/*
 * The changes the product announces: one file, one union. A write publishes one event per change, in its own
 * transaction (events/publish.ts); everything that follows from it is a subscriber (events/subscriber.ts). Each
 * event's data is the resource as the REST GET of it answers. The public webhook catalogue is this list: an event
 * whose type an endpoint may subscribe to is also kept as a webhook event (GET /api/events) and delivered.
 */

/** Every domain event type, in the order of the webhook catalogue. */
export type DomainEventType = (typeof webhookEventTypes)[number];

/** Each type's data: the resource as its REST GET answers (webhookEventData holds the schemas). */
type DomainEventData<T extends DomainEventType> = z.input<(typeof webhookEventData)[T]>;

/** One event as a writer publishes it: its data, or a function reading it in the writing transaction. */
export type DomainEvent = {
  [T in DomainEventType]: { type: T; data: DomainEventData<T> | (() => Promise<DomainEventData<T>>) };
}[DomainEventType];
