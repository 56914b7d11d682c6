import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { jobs, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../../db/schema/index';
import { isUuid } from '../../shared/ids';
import {
  webhookEventDescriptions,
  webhookEventTypes,
  type CreatedWebhookEndpoint,
  type CreateWebhookInput,
  type UpdateWebhookInput,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../shared/webhook-schema';
import { AppError } from '../app-error';
import { cancelJobs, enqueue } from '../jobs/enqueue';
import { deliveryJobKey, deliveryJobKeyOf, webhookKind, type DeliveryOutcome } from './delivery';
import { checkDestination, type DestinationPolicy } from './destination';
import { writeEvent } from './events';
import { newSigningSecret } from './signing';
import { recordAudit, type AuditActor } from '../audit/audit';
import { catalogueFor } from '../../shared/i18n/catalogues';
import { sentence } from '../../shared/i18n/sentence';

const endpointNotFound = () => new AppError('NOT_FOUND', 'Webhook endpoint not found.');
const deliveryNotFound = () => new AppError('NOT_FOUND', 'Webhook delivery not found.');
const disabled = () => new AppError('CONFLICT', 'This endpoint is disabled. Enable it to send it events.');

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  description: webhookEndpoints.description,
  isActive: webhookEndpoints.isActive,
  createdAt: webhookEndpoints.createdAt,
};

type EndpointRow = Omit<WebhookEndpoint, 'createdAt'> & { createdAt: Date };
const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({ ...row, createdAt: row.createdAt.toISOString() });

const english = catalogueFor('en').messages;

/** The events an endpoint can receive, each with what it means in English. */
export function listWebhookEventTypes() {
  return webhookEventTypes.map((type) => ({ type, description: english[webhookEventDescriptions[type]] }));
}

export async function listWebhookEndpoints(db: Tx): Promise<WebhookEndpoint[]> {
  const rows = await db.select(endpointColumns).from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(toEndpoint);
}

async function findEndpoint(db: Tx, id: string): Promise<EndpointRow> {
  if (!isUuid(id)) throw endpointNotFound();
  const [row] = await db.select(endpointColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw endpointNotFound();
  return row;
}

/** Registers an endpoint; the answer is the only place its secret is ever shown. */
export async function createWebhookEndpoint(
  db: Tx,
  actor: AuditActor,
  input: CreateWebhookInput,
  policy: DestinationPolicy,
): Promise<CreatedWebhookEndpoint> {
  await checkDestination(input.url, policy);
  const secret = newSigningSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ url: input.url, events: input.events, description: input.description ?? '', secret })
      .returning(endpointColumns);
    await audit(tx, actor, 'webhook.created', row!, 'Added webhook endpoint {url}.');
    return { ...toEndpoint(row!), secret };
  });
}

function audit(
  tx: Tx,
  actor: AuditActor,
  action: string,
  endpoint: { id: string; url: string },
  template: 'Added webhook endpoint {url}.' | 'Changed webhook endpoint {url}.' | 'Deleted webhook endpoint {url}.',
) {
  return recordAudit(tx, actor, {
    action,
    entity: 'webhook',
    entityId: endpoint.id,
    summary: sentence(template, { url: endpoint.url }),
  });
}

/** Changes the fields given; switching an endpoint back on starts its count of failures afresh. */
export async function updateWebhookEndpoint(
  db: Tx,
  actor: AuditActor,
  input: UpdateWebhookInput,
  policy: DestinationPolicy,
): Promise<WebhookEndpoint> {
  const { id, ...fields } = input;
  await findEndpoint(db, id);
  if (fields.url !== undefined) await checkDestination(fields.url, policy);
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ ...changes, ...(fields.isActive && { failuresInARow: 0 }), updatedAt: sql`now()` })
      .where(eq(webhookEndpoints.id, id))
      .returning(endpointColumns);
    if (!row) throw endpointNotFound();
    await audit(tx, actor, 'webhook.updated', row, 'Changed webhook endpoint {url}.');
    return toEndpoint(row);
  });
}

/** Deletes an endpoint with its delivery log; attempts still queued find nothing and end. */
export async function deleteWebhookEndpoint(
  db: Tx,
  actor: AuditActor,
  id: string,
): Promise<{ success: true; id: string }> {
  if (!isUuid(id)) throw endpointNotFound();
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!deleted) throw endpointNotFound();
    await audit(tx, actor, 'webhook.deleted', deleted, 'Deleted webhook endpoint {url}.');
    return { success: true as const, id };
  });
}

// The delivery row is its outcome log; whether and when it is tried again is its pending job's (the retry ledger).
const selectDeliveries = (db: Tx) =>
  db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      eventType: webhookEvents.type,
      outcomes: webhookDeliveries.outcomes,
      nextAttemptAt: jobs.runAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    // `status = 'pending'` written out, not a parameter: so the pending jobs' unique index on the key serves it.
    .leftJoin(jobs, and(sql`${jobs.status} = 'pending'`, eq(jobs.uniqueKey, deliveryJobKeyOf(webhookDeliveries.id))));

type DeliveryRow = Awaited<ReturnType<ReturnType<typeof selectDeliveries>['execute']>>[number];

/** Pending while its job waits or runs; otherwise as its last attempt ended (failed when none ever ended). */
function toDelivery(row: DeliveryRow): WebhookDelivery {
  const outcomes = row.outcomes as DeliveryOutcome[];
  const last = outcomes.at(-1);
  const status = row.nextAttemptAt ? 'pending' : last?.error === null ? 'delivered' : 'failed';
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status,
    attempts: last?.attempt ?? 0,
    lastStatusCode: last?.statusCode ?? null,
    lastError: last?.error ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: status === 'delivered' ? last!.at : null,
    outcomes: outcomes.map(({ attempt, at, statusCode, error }) => ({ attempt, at, statusCode, error })),
  };
}

async function readDelivery(db: Tx, id: string): Promise<WebhookDelivery> {
  const [row] = await selectDeliveries(db).where(eq(webhookDeliveries.id, id));
  if (!row) throw deliveryNotFound();
  return toDelivery(row);
}

/** One endpoint's deliveries, newest first (the latest 100). */
export async function listWebhookDeliveries(db: Tx, endpointId: string): Promise<WebhookDelivery[]> {
  await findEndpoint(db, endpointId);
  const rows = await selectDeliveries(db)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(100);
  return rows.map(toDelivery);
}

/** "Send test event": a `ping` carrying the endpoint itself, to this endpoint only. Answers its delivery. */
export async function sendTestEvent(db: Tx, endpointId: string): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, endpointId);
    if (!endpoint.isActive) throw disabled();
    const [deliveryId] = await writeEvent(tx, 'ping', toEndpoint(endpoint), [endpoint.id]);
    return readDelivery(tx, deliveryId!);
  });
}

/**
 * Redeliver: a fresh job, due now, so the whole retry schedule follows it (its own count of attempts decides it). A
 * job still waiting for a retry is cancelled rather than left to run beside it.
 */
export async function retryWebhookDelivery(db: Tx, deliveryId: string): Promise<WebhookDelivery> {
  if (!isUuid(deliveryId)) throw deliveryNotFound();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ isActive: webhookEndpoints.isActive })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, deliveryId))
      .for('update', { of: webhookDeliveries });
    if (!row) throw deliveryNotFound();
    if (!row.isActive) throw disabled();
    await cancelJobs(tx, deliveryJobKey(deliveryId));
    await enqueue(tx, webhookKind, { deliveryId }, { uniqueKey: deliveryJobKey(deliveryId) });
    return readDelivery(tx, deliveryId);
  });
}
