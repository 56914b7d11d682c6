import { z } from 'zod';
import { ZAppointmentStatus } from '../../shared/appointment-schema';
import { orderStatuses } from '../../shared/orders';
import { isStaffRole, type Role } from '../../shared/roles';
import type { webhookEventData, webhookEventTypes } from '../../shared/webhook-schema';

/*
 * The changes the product announces: one file, one union. A write publishes one event per change, in its own
 * transaction (events/publish.ts); everything that follows from it is a subscriber (events/subscriber.ts). Each
 * event's data is the resource as the REST GET of it answers. The public webhook catalogue is this list: an event
 * whose type an endpoint may subscribe to is also kept as a webhook event (GET /api/events) and delivered.
 * Besides its data an event may say who made the change and what the change was where the resource alone does not
 * (a move and the start it left): subscribers read those, webhook payloads do not carry them.
 */

/** Every domain event type, in the order of the webhook catalogue. */
export type DomainEventType = (typeof webhookEventTypes)[number];

/** Each type's data: the resource as its REST GET answers (webhookEventData holds the schemas). */
type DomainEventData<T extends DomainEventType> = z.input<(typeof webhookEventData)[T]>;

/** Who made a change: a person (staff or not), through one of their API keys or not. */
export const ZEventActor = z.object({
  id: z.string(),
  staff: z.boolean(),
  apiKey: z.object({ name: z.string() }).optional(),
});
export type EventActor = z.infer<typeof ZEventActor>;

/** The actor of a change as its event names it. */
export const eventActor = (actor: { id: string; role: Role; apiKey?: { name: string } }): EventActor => ({
  id: actor.id,
  staff: isStaffRole(actor.role),
  ...(actor.apiKey && { apiKey: { name: actor.apiKey.name } }),
});

const ZOrderStatus = z.enum(orderStatuses);
/**
 * What changed in an appointment. `sequence` is the calendar invitation's new SEQUENCE when the change raised it
 * (the customer and the employee are sent the new version); a change that raised none has no `sequence`.
 */
const ZAppointmentChange = z.discriminatedUnion('kind', [
  // A booking: `occurrences` on the event of a series' first appointment (1 for a single one), 0 on the others.
  z.object({ kind: z.literal('booked'), occurrences: z.number().int() }),
  z.object({ kind: z.literal('moved'), sequence: z.number().int(), from: z.iso.datetime() }),
  z.object({ kind: z.literal('cancelled'), sequence: z.number().int() }),
  z.object({
    kind: z.literal('status'),
    sequence: z.number().int().optional(),
    // Every writer sets it now; events the employee's portal queued before it read the status first lack it.
    from: ZAppointmentStatus.optional(),
    to: ZAppointmentStatus,
  }),
]);
export type AppointmentChange = z.infer<typeof ZAppointmentChange>;

/**
 * What changed in an order: its status moved (by staff, or a failed payment cancelling it), its payment was recorded
 * (by staff by hand, or by the provider) with the status that moved it from and to, or part of its money went back.
 */
const ZOrderChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('orderStatus'), from: ZOrderStatus, to: ZOrderStatus }),
  z.object({ kind: z.literal('paid'), from: ZOrderStatus, to: ZOrderStatus }),
  z.object({ kind: z.literal('refunded'), amount: z.string() }),
]);
export type OrderChange = z.infer<typeof ZOrderChange>;

export const ZEventChange = z.union([ZAppointmentChange, ZOrderChange]);
type ChangeOf<T extends DomainEventType> = T extends `appointment.${string}`
  ? AppointmentChange
  : T extends `order.${string}`
    ? OrderChange
    : never;

/** One event as a writer publishes it: its data (or a function reading it in the writing transaction), by whom, what. */
export type DomainEvent = {
  [T in DomainEventType]: {
    type: T;
    data: DomainEventData<T> | (() => Promise<DomainEventData<T>>);
    by?: EventActor | null;
    change?: ChangeOf<T>;
  };
}[DomainEventType];
