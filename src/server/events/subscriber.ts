import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../db/client';
import { jobs } from '../../../db/schema/index';
import { defineJob, type BatchHandler, type JobHandler, type JobKind } from '../jobs/define-job';
import { ZEventActor, ZEventChange, type DomainEventType, type EventActor } from './domain-events';

/**
 * What a subscriber's job carries: the event's id and type, the part of its data the subscriber declared, and who
 * made the change and what it was, when the writer said.
 */
export interface Delivered<D> {
  /** The event's id: the same for every subscriber, and the webhook event's id when the type is public. */
  eventId: string;
  type: DomainEventType;
  data: D;
  by?: EventActor | null;
  change?: z.infer<typeof ZEventChange>;
}

/** An event's facts as `when` sees them at publish time. */
export type Announced<D> = Omit<Delivered<D>, 'eventId'>;

interface Subscription {
  kind: string;
  schema: z.ZodType<Delivered<unknown>>;
  /** Checked at publish time on the event: false queues no job (e.g. only class bookings). */
  when?(event: Announced<unknown>): boolean;
}

// The subscriptions of every subscriber module loaded. A subscriber registers when its module is loaded: each
// domain's jobs.ts lists its subscribers, and buildApp loads those lists to give the runner their jobs.
const subscriptions = new Map<DomainEventType, Subscription[]>();

/** Every subscriber's job kind (tests wait for them to be done). */
export const subscriberKinds = (): string[] => [...new Set([...subscriptions.values()].flat().map((s) => s.kind))];

/** The subscriptions to one type of event. */
export const subscriptionsTo = (type: DomainEventType): readonly Subscription[] => subscriptions.get(type) ?? [];

/**
 * Declares a follow-up of events: a job of its own kind, queued in the writing transaction for every event of those
 * types (`when` lets it skip some), run at least once by the runner, which owns its retries and back-off. `data` is
 * the part of the event's data it needs (the rest is not stored in its job). The job's unique key is
 * `<kind>:<eventId>`: one job per (event, subscriber). Its handler must make its effect once however often it runs:
 * a handler whose effect is only rows of this database is a `runAll(tx, events)`, which the runner runs in the
 * transaction that marks those jobs done (the effect commits once, with the job); one that reaches outside (`run`)
 * needs a claim row, a unique key of what it queues, or a state it checks.
 */
export function defineSubscriber<K extends string, S extends z.ZodType, D>(
  kind: K,
  options: { on: readonly DomainEventType[]; data: S; when?(event: Announced<z.output<S>>): boolean },
  handler: (deps: D) => JobHandler<Delivered<z.output<S>>> | BatchHandler<Delivered<z.output<S>>> | undefined,
): JobKind<K, Delivered<z.output<S>>, D> {
  const schema = z.object({
    eventId: z.string(),
    type: z.enum(options.on as [DomainEventType, ...DomainEventType[]]),
    data: options.data,
    by: ZEventActor.nullish(),
    change: ZEventChange.optional(),
  }) as unknown as z.ZodType<Delivered<z.output<S>>>;
  const job = defineJob(kind, schema, handler);
  const subscription: Subscription = {
    kind,
    schema: schema as z.ZodType<Delivered<unknown>>,
    when: options.when && ((event) => options.when!({ ...event, data: options.data.parse(event.data) })),
  };
  for (const type of options.on) {
    const list = subscriptions.get(type) ?? [];
    if (!list.some((s) => s.kind === kind)) subscriptions.set(type, [...list, subscription]);
  }
  return job;
}

/**
 * Puts an erased customer's erased name and e-mail in the follow-ups still queued for events about her (her id as
 * the data's customerId or userId), in the erasure's transaction: one run after it (an audit entry, say) then says
 * no more of her than her erased row. One that is running at that moment keeps what it read.
 */
export async function redactQueuedEvents(
  tx: Tx,
  erased: { id: string; customer: { firstName: string; lastName: string; email: string } },
): Promise<void> {
  const about = (key: string) => sql`${jobs.payload} @> ${JSON.stringify({ data: { [key]: erased.id } })}::jsonb`;
  await tx
    .update(jobs)
    .set({
      payload: sql`jsonb_set(${jobs.payload}, '{data,customer}',
        (${jobs.payload} #> '{data,customer}') || ${JSON.stringify(erased.customer)}::jsonb)`,
    })
    .where(
      and(
        eq(jobs.status, 'pending'),
        inArray(jobs.kind, subscriberKinds()),
        sql`jsonb_typeof(${jobs.payload} #> '{data,customer}') = 'object'`,
        or(about('customerId'), about('userId')),
      ),
    );
}
