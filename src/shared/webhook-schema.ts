import { z } from 'zod';
import type { MessageId } from './i18n/en';
import { issueMessage } from './i18n/sentence';
import { ZAppointment } from './appointment-schema';
import { ZProduct } from './catalog-schema';
import { ZEmployeeApplication } from './employee-application-schema';
import { ZOrder } from './orders-schema';
import { ZPackageCredit } from './package-schema';
import { ZGiftCard } from './gift-card-schema';
import { ZCustomerRecord } from './staff-schema';
import { pageQueryFields } from './page-schema';
import { zInstant, zInstantInput } from './wire-formats';

/** What a webhook endpoint can subscribe to (docs/integrations.md). `ping` is sent only by "Send test event". */
export const webhookEventTypes = [
  'order.created',
  'order.updated',
  'appointment.created',
  'appointment.updated',
  'appointment.cancelled',
  'customer.created',
  'employee_application.created',
  'product.created',
  'product.updated',
  'product.deleted',
  'package.purchased',
  'gift_card.issued',
  'gift_card.spent',
  'gift_card.refunded',
  'gift_card.voided',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number] | 'ping';

/**
 * What each event means, by its message (i18n/<language>/integrations.ts): the admin dialog says it in the page's
 * language, the API's list (GET /api/admin/webhooks/event-types) in English.
 */
export const webhookEventDescriptions: Record<(typeof webhookEventTypes)[number], MessageId> = {
  'order.created': 'integrations.eventOrderCreated',
  'order.updated': 'integrations.eventOrderUpdated',
  'appointment.created': 'integrations.eventAppointmentCreated',
  'appointment.updated': 'integrations.eventAppointmentUpdated',
  'appointment.cancelled': 'integrations.eventAppointmentCancelled',
  'customer.created': 'integrations.eventCustomerCreated',
  'employee_application.created': 'integrations.eventApplicationCreated',
  'product.created': 'integrations.eventProductCreated',
  'product.updated': 'integrations.eventProductUpdated',
  'product.deleted': 'integrations.eventProductDeleted',
  'package.purchased': 'integrations.eventPackagePurchased',
  'gift_card.issued': 'integrations.eventGiftCardIssued',
  'gift_card.spent': 'integrations.eventGiftCardSpent',
  'gift_card.refunded': 'integrations.eventGiftCardRefunded',
  'gift_card.voided': 'integrations.eventGiftCardVoided',
};

const urlMessage = 'The URL must be an http:// or https:// address.';
const ZWebhookUrl = z
  .string({ error: urlMessage })
  .trim()
  .max(2000, 'The URL must be at most 2000 characters.')
  .pipe(z.url({ protocol: /^https?$/, error: urlMessage }));

const ZWebhookEvents = z
  .array(
    z.enum(webhookEventTypes, {
      error: issueMessage('Events must be chosen from: {events}.', { events: webhookEventTypes.join(', ') }),
    }),
    {
      error: 'Events must be a list of event types.',
    },
  )
  .min(1, 'Choose at least one event.')
  .transform((events) => [...new Set(events)]);

const ZDescription = z.string().trim().max(500, 'The description must be at most 500 characters.');

export const ZCreateWebhookInput = z.object({
  url: ZWebhookUrl,
  events: ZWebhookEvents,
  description: ZDescription.optional(),
});
export type CreateWebhookInput = z.infer<typeof ZCreateWebhookInput>;

export const ZUpdateWebhookInput = z.object({
  id: z.string(),
  url: ZWebhookUrl.optional(),
  events: ZWebhookEvents.optional(),
  description: ZDescription.optional(),
  isActive: z.boolean({ error: 'isActive must be true or false.' }).optional(),
});
export type UpdateWebhookInput = z.infer<typeof ZUpdateWebhookInput>;

export const ZWebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
z.globalRegistry.add(ZWebhookEndpoint, { id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** The answer to creating an endpoint: the only one that carries its signing secret. */
export const ZCreatedWebhookEndpoint = ZWebhookEndpoint.extend({
  secret: z.string().describe('whsec_ + base64 of the signing key; shown only in this answer'),
});
z.globalRegistry.add(ZCreatedWebhookEndpoint, { id: 'CreatedWebhookEndpoint' });
export type CreatedWebhookEndpoint = z.infer<typeof ZCreatedWebhookEndpoint>;

const ZWebhookDeliveryOutcome = z.object({
  attempt: z.number().int().describe("the attempt's number among the delivery's attempts"),
  at: z.string().describe('when the attempt ended'),
  statusCode: z.number().int().nullable().describe("the endpoint's answer; null when there was none"),
  error: z.string().nullable().describe('why it is no delivery; null for a 2xx answer'),
});
z.globalRegistry.add(ZWebhookDeliveryOutcome, { id: 'WebhookDeliveryOutcome' });

export const ZWebhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int().describe('attempts made so far, Redelivers included'),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable().describe('when the next attempt is due; null unless pending'),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  outcomes: z.array(ZWebhookDeliveryOutcome).describe('how each attempt ended, oldest first'),
});
z.globalRegistry.add(ZWebhookDelivery, { id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookEventType = z.object({ type: z.string(), description: z.string() });
z.globalRegistry.add(ZWebhookEventType, { id: 'WebhookEventType' });

/**
 * Each event's `data` is the resource as the REST GET of it answers: the server passes it through this schema when
 * it writes the event, and the OpenAPI document's `webhooks` section shows it.
 */
export const webhookEventData = {
  'order.created': ZOrder,
  'order.updated': ZOrder,
  'appointment.created': ZAppointment,
  'appointment.updated': ZAppointment,
  'appointment.cancelled': ZAppointment,
  'customer.created': ZCustomerRecord,
  'employee_application.created': ZEmployeeApplication,
  'product.created': ZProduct,
  'product.updated': ZProduct,
  'product.deleted': ZProduct,
  'package.purchased': ZPackageCredit,
  'gift_card.issued': ZGiftCard,
  'gift_card.spent': ZGiftCard,
  'gift_card.refunded': ZGiftCard,
  'gift_card.voided': ZGiftCard,
  ping: ZWebhookEndpoint,
} satisfies Record<WebhookEventType, z.ZodType>;

/** `order.created` → `OrderCreatedEvent`: the name of that event's body in the OpenAPI document. */
export const eventSchemaName = (type: WebhookEventType) =>
  `${type.replace(/(^|[._])(\w)/g, (_, __, letter: string) => letter.toUpperCase())}Event`;

function eventEnvelope<T extends WebhookEventType>(type: T) {
  return z
    .object({
      id: z.string().describe('The event id, also the webhook-id header: the same on every retry and replay'),
      type: z.literal(type),
      timestamp: zInstant().describe('When the event happened'),
      data: webhookEventData[type],
    })
    .meta({ id: eventSchemaName(type) });
}

/** Every event as a receiver gets it (the body of a webhook delivery), told apart by `type`. */
export const ZEvent = z
  .discriminatedUnion(
    'type',
    (Object.keys(webhookEventData) as WebhookEventType[]).map(eventEnvelope) as [
      ReturnType<typeof eventEnvelope>,
      ...ReturnType<typeof eventEnvelope>[],
    ],
  )
  .meta({
    id: 'Event',
    description: 'An event: what happened (`type`), when, and the resource as it is then (`data`)',
  });

/** An event as its deliveries carry it (GET /api/events). */
export const ZWebhookEventBody = z.object({
  id: z.string(),
  type: z.string(),
  timestamp: zInstant(),
  data: z.record(z.string(), z.unknown()),
});
z.globalRegistry.add(ZWebhookEventBody, { id: 'StoredEvent' });
export type WebhookEventBody = z.infer<typeof ZWebhookEventBody>;

export const ZEventListQuery = z.object({
  type: z
    .enum(webhookEventTypes, {
      error: issueMessage('type must be one of: {types}', { types: webhookEventTypes.join(', ') }),
    })
    .optional(),
  limit: pageQueryFields.limit,
  cursor: pageQueryFields.cursor,
  updatedSince: pageQueryFields.updatedSince.describe(
    'Only events written at or after this instant (an event never changes), oldest first by timestamp, then id',
  ),
});
export type EventListQuery = z.infer<typeof ZEventListQuery>;

export const ZReplayInput = z.object({
  id: z.string(),
  since: zInstantInput('since must be an instant such as 2026-05-01T09:00:00Z'),
  types: ZWebhookEvents.optional(),
});
export type ReplayInput = z.infer<typeof ZReplayInput>;

export const ZReplayResult = z.object({ queued: z.number().int() });
z.globalRegistry.add(ZReplayResult, { id: 'ReplayResult' });
