import { randomUUID } from 'node:crypto';
import type { Tx } from '../../../db/client';
import { enqueueEach } from '../jobs/enqueue';
import type { Appointment } from '../../shared/appointment-schema';
import { maskGiftCardCode } from '../../shared/gift-card-code';
import type { Order } from '../../shared/orders-schema';
import { emitEvent, recordBookedEvents, recordEvents } from '../webhooks/events';
import type { DomainEvent, EventActor } from './domain-events';
import { subscriptionsTo, type Announced } from './subscriber';

/**
 * Announces one change, in the transaction that made it (a rolled-back write announces nothing, a committed one is
 * never lost): the event is kept as a webhook event and delivered to the endpoints listening (the webhook payload is
 * the event's data), and one job is queued per subscriber of its type. Answers the event's id.
 */
export async function publish(tx: Tx, event: DomainEvent): Promise<string> {
  const eventId = randomUUID();
  // Checked against the type's schema once, as the webhook event is written.
  const data = await announcedData(event);
  await emitEvent(tx, event.type, data as never, eventId);
  await queueSubscribers(tx, [{ eventId, event: { ...event, data } }]);
  return eventId;
}

/**
 * Announces many changes of one write at once (an import's rows), as `publish` does each: their webhook events,
 * deliveries and the deliveries' jobs in one statement, their subscribers' jobs in another, whatever their number.
 */
export async function publishAll(tx: Tx, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  const written = await Promise.all(
    events.map(async (event) => ({
      eventId: randomUUID(),
      event: { ...event, data: await announcedData(event) },
    })),
  );
  await recordEvents(
    tx,
    written.map(({ eventId, event }) => ({ id: eventId, type: event.type, data: event.data })),
  );
  await queueSubscribers(tx, written);
}

/**
 * The data an event carries: its resource, but a gift card's code masked to its last four characters (on the card
 * and on the order that bought it). Webhook endpoints and readers of GET /api/events (webhooks.view) are not who may
 * spend a card; staff with orders.view read the whole code from the card itself. No subscriber needs it.
 */
async function announcedData(event: DomainEvent): Promise<unknown> {
  const data: unknown = typeof event.data === 'function' ? await event.data() : event.data;
  if (event.type.startsWith('gift_card.')) {
    const card = data as { code: string };
    return { ...card, code: maskGiftCardCode(card.code) };
  }
  const bought = (data as Partial<Order>).boughtGiftCard;
  if (event.type.startsWith('order.') && bought)
    return { ...(data as Order), boughtGiftCard: { ...bought, code: maskGiftCardCode(bought.code) } };
  return data;
}

/**
 * Queues the subscribers of events already written (or written by the same statements): one job per (event,
 * subscriber) whose `when` accepts the event, all in one statement. Not async: a booking sent whole in one round
 * trip carries it.
 */
function queueSubscribers(tx: Tx, events: { eventId: string; event: Announced<unknown> }[]): Promise<unknown> {
  const queued = events.flatMap(({ eventId, event }) =>
    subscriptionsTo(event.type).flatMap((subscription) =>
      subscription.when && !subscription.when(event)
        ? []
        : [{ job: subscription, payload: { eventId, ...event }, uniqueKey: `${subscription.kind}:${eventId}` }],
    ),
  );
  return enqueueEach(tx, queued);
}

/**
 * The `appointment.created` events of a booking sent whole in one round trip (docs/decisions/0017): kept as webhook
 * events (completed there from the rows the same statements write) and handed to their subscribers, the series'
 * first event saying how many appointments it booked. Not async: every statement starts before this returns.
 */
export function publishBooked(tx: Tx, made: Appointment[], by: EventActor): Promise<unknown> {
  const published = made.map((appointment) => ({ eventId: randomUUID(), appointment }));
  return Promise.all([
    recordBookedEvents(tx, published),
    queueSubscribers(
      tx,
      published.map(({ eventId, appointment }, i) => ({
        eventId,
        event: {
          type: 'appointment.created',
          data: appointment,
          by,
          change: { kind: 'booked', occurrences: i === 0 ? made.length : 0 },
        },
      })),
    ),
  ]);
}
