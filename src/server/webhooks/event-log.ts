import { z } from 'zod';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import { webhookEndpoints, webhookEvents } from '../../../db/schema/index';
import { isUuid } from '../../shared/ids';
import type { EventListQuery, ReplayInput, WebhookEventBody } from '../../shared/webhook-schema';
import { AppError } from '../app-error';
import { decodeCursor, DEFAULT_PAGE_LIMIT, isoInstant, pageOf, updatedWalk, type Page } from '../paging/page';
import { enqueue } from '../jobs/enqueue';
import { defineJob } from '../jobs/define-job';
import { queueDeliveries } from './events';

/** How long every event is kept for GET /api/events and replays (docs/integrations.md). */
const EVENT_RETENTION_DAYS = 30;

const kept = () => gte(webhookEvents.createdAt, sql`now() - make_interval(days => ${EVENT_RETENTION_DAYS})`);

/**
 * The events of the last 30 days, newest first, each as its deliveries carry it. With `updatedSince`, an integrator's
 * walk instead (docs/integrations.md, Reconciliation), as the other lists walk: oldest first by the time each event
 * was written (a kept event never changes: that is its updatedAt), then id.
 */
export async function listEvents(db: Tx, query: EventListQuery = {}): Promise<Page<WebhookEventBody>> {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const walk = query.updatedSince !== undefined;
  const conditions = [kept()];
  if (query.type) conditions.push(eq(webhookEvents.type, query.type));
  if (walk) conditions.push(await updatedWalk(db, query, webhookEvents.createdAt, webhookEvents.id));
  else if (query.cursor) {
    const after = decodeCursor(query.cursor, 'c');
    conditions.push(
      sql`(${webhookEvents.createdAt}, ${webhookEvents.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const order = walk
    ? [asc(webhookEvents.createdAt), asc(webhookEvents.id)]
    : [desc(webhookEvents.createdAt), desc(webhookEvents.id)];
  const rows = await db
    .select({
      id: webhookEvents.id,
      type: webhookEvents.type,
      createdAt: webhookEvents.createdAt,
      at: isoInstant(webhookEvents.createdAt),
      data: webhookEvents.data,
    })
    .from(webhookEvents)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(limit + 1);
  const page = pageOf(rows, limit, walk ? 'u' : 'c', (row) => row.at);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      type: row.type,
      timestamp: row.createdAt.toISOString(),
      data: row.data as Record<string, unknown>,
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * Queues every kept event since `since` (of `types`, or of those the endpoint subscribes to) for the endpoint
 * again, oldest first, also those written while it was paused: each a new delivery, signed and retried as any.
 */
export async function replayEvents(db: Tx, input: ReplayInput): Promise<{ queued: number }> {
  return db.transaction(async (tx) => {
    const [endpoint] = isUuid(input.id)
      ? await tx
          .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.id, input.id))
      : [];
    if (!endpoint) throw new AppError('NOT_FOUND', 'Webhook endpoint not found.');
    const events = await tx
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(
        and(
          kept(),
          gte(webhookEvents.createdAt, new Date(input.since)),
          inArray(webhookEvents.type, input.types ?? endpoint.events),
        ),
      )
      .orderBy(webhookEvents.createdAt, webhookEvents.id);
    for (const event of events) await queueDeliveries(tx, event.id, [endpoint.id]);
    return { queued: events.length };
  });
}

/** Forgets events past the retention (their deliveries with them). */
async function forgetOldEvents(db: Tx): Promise<void> {
  await db
    .delete(webhookEvents)
    .where(sql`${webhookEvents.createdAt} < now() - make_interval(days => ${EVENT_RETENTION_DAYS})`);
}

const CLEANUP_KEY = 'events-cleanup';
const DAY_MS = 86_400_000;

/**
 * Queues the daily cleanup: at start, unless it is queued already (every instance asks; one job is kept); from its
 * own run, for the next day (`replace`: the running job itself is still the pending one, and stays for that time).
 */
export function queueEventsCleanup(db: Tx, next?: Date): Promise<string> {
  return enqueue(
    db,
    eventsCleanupKind,
    {},
    { uniqueKey: CLEANUP_KEY, ...(next && { runAt: next, onConflict: 'replace' }) },
  );
}

/** The cleanup job: forgets old events, then queues itself for the next day. */
export const eventsCleanupKind = defineJob('eventsCleanup', z.object({}), (opts: { database: Database }) => ({
  async run() {
    await forgetOldEvents(opts.database.db);
    await queueEventsCleanup(opts.database.db, new Date(Date.now() + DAY_MS));
  },
}));
