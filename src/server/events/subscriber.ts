import { z } from 'zod';
import { defineJob, type JobHandler, type JobKind } from '../jobs/define-job';
import type { DomainEventType } from './domain-events';

/** What a subscriber's job carries: the event's id and type, and the part of its data the subscriber declared. */
interface Delivered<D> {
  /** The event's id: the same for every subscriber, and the webhook event's id when the type is public. */
  eventId: string;
  type: DomainEventType;
  data: D;
}

interface Subscription {
  kind: string;
  schema: z.ZodType<Delivered<unknown>>;
  /** Checked at publish time on the event's data: false queues no job (e.g. only class bookings). */
  when?(data: unknown): boolean;
}

// The subscriptions of every subscriber module loaded. A subscriber registers when its module is loaded: each
// domain's jobs.ts lists its subscribers, and buildApp loads those lists to give the runner their jobs.
const subscriptions = new Map<DomainEventType, Subscription[]>();

/** The subscriptions to one type of event. */
export const subscriptionsTo = (type: DomainEventType): readonly Subscription[] => subscriptions.get(type) ?? [];

/**
 * Declares a follow-up of events: a job of its own kind, queued in the writing transaction for every event of those
 * types (`when` lets it skip some), run at least once by the runner, which owns its retries and back-off. `data` is
 * the part of the event's data it needs (the rest is not stored in its job). The job's unique key is
 * `<kind>:<eventId>`: one job per (event, subscriber). Its handler must make its effect once however often it runs
 * (a claim row, a unique key of what it queues, a state it checks).
 */
export function defineSubscriber<K extends string, S extends z.ZodType, D>(
  kind: K,
  options: { on: readonly DomainEventType[]; data: S; when?(data: z.output<S>): boolean },
  handler: (deps: D) => JobHandler<Delivered<z.output<S>>> | undefined,
): JobKind<K, Delivered<z.output<S>>, D> {
  const schema = z.object({
    eventId: z.string(),
    type: z.enum(options.on as [DomainEventType, ...DomainEventType[]]),
    data: options.data,
  }) as unknown as z.ZodType<Delivered<z.output<S>>>;
  const job = defineJob(kind, schema, handler);
  const subscription: Subscription = {
    kind,
    schema: schema as z.ZodType<Delivered<unknown>>,
    when: options.when && ((data) => options.when!(options.data.parse(data))),
  };
  for (const type of options.on) {
    const list = subscriptions.get(type) ?? [];
    if (!list.some((s) => s.kind === kind)) subscriptions.set(type, [...list, subscription]);
  }
  return job;
}
