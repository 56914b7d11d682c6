import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { statement, type Database, type Tx } from '../../../db/client';
import { users, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../../db/schema/index';
import { ADMIN_ROLE } from '../../shared/roles';
import { defineJob, type EachHandler } from '../jobs/define-job';
import { ZWebhookJob, type WebhookJob } from './webhook-job';
import { sign } from './signing';
import type { Env } from '../env';
import { enqueueMail } from '../mail/outbox';
import { getSettings } from '../settings/settings-service';
import { mailLanguage } from '../mail/mail-language';
import {
  DESTINATION_NOT_ALLOWED,
  destinationPolicy,
  isPublicAddress,
  publicLookup,
  type DestinationPolicy,
} from './destination';

/** Waits before each retry after the first attempt: about 5 s, 5 min, 30 min, 2 h, 5 h and 10 h. */
export const RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];
/** The first attempt and one per retry; after the last the delivery is `failed`. */
const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length + 1;
/** A receiver must answer 2xx within this. */
const TIMEOUT_MS = 10_000;
/** Deliveries failing for good in a row that switch an endpoint off (and tell the admins). */
export const DISABLE_AFTER_FAILURES = 20;

interface PostResult {
  statusCode: number;
}

/** Sends one request. Redirects are answers like any other (not followed). Rejects on no answer in time. */
export type WebhookPoster = (
  url: string,
  body: string,
  headers: Record<string, string>,
  policy: DestinationPolicy,
) => Promise<PostResult>;

/** Codes of this file's own refusals, beside the system's (ECONNREFUSED, …), for failureSentence. */
const NOT_HTTPS = 'WEBHOOK_NOT_HTTPS';
const TIMED_OUT = 'WEBHOOK_TIMED_OUT';
const refusal = (code: string) => Object.assign(new Error(code), { code });

const postWithNode: WebhookPoster = (url, body, headers, policy) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    if (policy.publicOnly) {
      if (target.protocol !== 'https:') return reject(refusal(NOT_HTTPS));
      const host = target.hostname.replace(/^\[|\]$/g, '');
      // A literal address is connected to without a lookup, so it is checked here.
      if (isIP(host) && !isPublicAddress(host)) return reject(refusal(DESTINATION_NOT_ALLOWED));
    }
    const request = (target.protocol === 'https:' ? https : http).request(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      lookup: policy.publicOnly ? publicLookup : undefined,
    });
    const timer = setTimeout(() => request.destroy(refusal(TIMED_OUT)), TIMEOUT_MS);
    request.on('response', (response) => {
      clearTimeout(timer);
      // The body is not kept; reading it lets the connection close cleanly.
      response.resume();
      resolve({ statusCode: response.statusCode ?? 0 });
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });

/**
 * What the delivery log says of an attempt that got no answer: a sentence for the admin, never the system's own
 * text. errno and OpenSSL messages tell a closed port from an open one that speaks something else, which would
 * make the log a scanner of whatever the app can reach; so refused, reset and unreachable read alike.
 */
function failureSentence(failure: unknown): string {
  const code = (failure as { code?: unknown } | null)?.code;
  if (code === DESTINATION_NOT_ALLOWED) return "The destination's address is not allowed.";
  if (code === NOT_HTTPS) return 'Webhook URLs must use https.';
  if (code === TIMED_OUT) return `The destination did not answer within ${TIMEOUT_MS / 1000} seconds.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA')
    return "The destination's host name could not be found.";
  if (typeof code === 'string' && /^ERR_(TLS|SSL)|CERT|SELF_SIGNED|^EPROTO$/.test(code))
    return 'A secure (TLS) connection to the destination could not be made.';
  return 'The destination refused the connection or could not be reached.';
}

const outcome = (statusCode: number) =>
  statusCode >= 200 && statusCode < 300
    ? null
    : statusCode >= 300 && statusCode < 400
      ? `The endpoint answered ${statusCode} (redirects are not followed).`
      : `The endpoint answered ${statusCode}.`;

/** How one attempt at a delivery ended: the delivery's `outcomes`, oldest first. */
export interface DeliveryOutcome {
  /** Its number among all the delivery's attempts (a Redeliver goes on counting). */
  attempt: number;
  /** When it ended (an attempt cut off: when that was found). */
  at: string;
  /** The endpoint's answer; null when there was none. */
  statusCode: number | null;
  /** Why it is no delivery, as the log says it; null for a delivery (a 2xx answer). */
  error: string | null;
  /** The job that made it and that job's attempt number (its own count, which decides its retries). */
  job?: string;
  jobAttempt?: number;
}

/** Its job's unique key: a delivery has at most one job waiting. */
export const deliveryJobKey = (deliveryId: string) => `webhook:${deliveryId}`;
/** The same key, of a delivery id in SQL. */
export const deliveryJobKeyOf = (deliveryId: SQL | AnyColumn) => sql`'webhook:' || ${deliveryId}`;

/** An attempt its job started and never finished: the instance making it stopped (the runner made it again). */
const CUT_OFF = 'This attempt did not finish: the app stopped while making it.';

interface Delivery {
  deliveryId: string;
  outcomes: DeliveryOutcome[];
  endpointId: string;
  url: string;
  secret: string;
  isActive: boolean;
  eventId: string;
  type: string;
  data: unknown;
  createdAt: string;
}

// Built once, as every event's delivery reads it (docs/decisions/0016-statements-built-once.md); one read for the
// deliveries attempted together.
const selectDeliveries = statement<{ ids: string[] }, Delivery>(
  sql`select d.id as "deliveryId", d.outcomes, p.id as "endpointId", p.url, p.secret, p.is_active as "isActive",
        e.id as "eventId", e.type, e.data, e.created_at as "createdAt"
      from ${webhookDeliveries} d
      join ${webhookEndpoints} p on p.id = d.endpoint_id
      join ${webhookEvents} e on e.id = d.event_id
      where d.id = any(${sql.placeholder('ids')}::uuid[])`,
);

/**
 * The outcomes one attempt adds: first one for each earlier attempt of the same job that ended without any (the
 * instance making it died; the job's count has it, the runner made it again), then its own.
 */
function outcomesOf(
  outcomes: DeliveryOutcome[],
  job: { id: string; attempts: number },
  answer: { statusCode: number | null; error: string | null },
): DeliveryOutcome[] {
  const at = new Date().toISOString();
  let attempt = outcomes.at(-1)?.attempt ?? 0;
  const added: DeliveryOutcome[] = [];
  const lastRecorded = Math.max(0, ...outcomes.filter((o) => o.job === job.id).map((o) => o.jobAttempt ?? 0));
  for (let jobAttempt = lastRecorded + 1; jobAttempt < job.attempts; jobAttempt++)
    added.push({ attempt: ++attempt, at, statusCode: null, error: CUT_OFF, job: job.id, jobAttempt });
  added.push({ attempt: ++attempt, at, ...answer, job: job.id, jobAttempt: job.attempts });
  return added;
}

/** What one attempt of a batch records. */
interface Attempt {
  deliveryId: string;
  endpointId: string;
  outcomes: DeliveryOutcome[];
  delivered: boolean;
  /** Its job's last attempt failed: the delivery has failed for good. */
  failedForGood: boolean;
}

const recordOf = (
  delivery: Delivery,
  outcomes: DeliveryOutcome[],
  delivered: boolean,
  failedForGood = false,
): Attempt => ({
  deliveryId: delivery.deliveryId,
  endpointId: delivery.endpointId,
  outcomes,
  delivered,
  failedForGood,
});

/**
 * One statement for the attempts made together. Each delivery's outcomes are appended rather than written whole: an
 * attempt running while a Redeliver starts another loses neither outcome. Each endpoint's run of deliveries failing
 * for good is ended by a delivery (one in the batch ends it) or lengthened by each delivery failing for good; its
 * row is written only when that changes it, so that the deliveries to one endpoint don't queue on its row lock.
 * Answers the active endpoints whose run has reached DISABLE_AFTER_FAILURES.
 */
const recordAttempts = statement<{ attempts: string; disableAfter: number }, { id: string; url: string }>(
  sql`with attempt as (
        select * from jsonb_to_recordset(${sql.placeholder('attempts')}::jsonb)
          as a("deliveryId" uuid, "endpointId" uuid, outcomes jsonb, delivered boolean, "failedForGood" boolean)),
      appended as (
        update ${webhookDeliveries} d set outcomes = d.outcomes || a.outcomes
        -- By the primary key, not a scan of the whole log: see insertBookedEvents (events.ts).
        from attempt a where d.id = a."deliveryId" and d.id = any(array(select "deliveryId" from attempt))),
      run as (
        select "endpointId" as id, bool_or(delivered) as delivered, count(*) filter (where "failedForGood") as failed
        from attempt group by "endpointId"),
      counted as (
        update ${webhookEndpoints} p
        set failures_in_a_row = case when run.delivered then 0 else p.failures_in_a_row + run.failed end
        from run
        where p.id = run.id and (run.delivered and p.failures_in_a_row <> 0 or not run.delivered and run.failed > 0)
        returning p.id, p.url, p.is_active, p.failures_in_a_row)
      select id, url from counted where is_active and failures_in_a_row >= ${sql.placeholder('disableAfter')}`,
);

/** Switches an endpoint off, once: the admins (active) are told by mail by the run that switched it. */
async function disableEndpoint(tx: Tx, endpoint: { id: string; url: string }, publicUrl: string) {
  const switched = await tx
    .update(webhookEndpoints)
    .set({ isActive: false, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.isActive, true)))
    .returning({ id: webhookEndpoints.id });
  if (switched.length === 0) return;
  const admins = await tx
    .select({ email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.role, ADMIN_ROLE), eq(users.isActive, true)));
  const settings = admins.length ? await getSettings(tx) : undefined;
  for (const admin of admins) {
    const { say } = mailLanguage(admin, settings!);
    await enqueueMail(tx, {
      to: admin.email,
      subject: say('mail.webhook.disabledSubject'),
      text: [
        say('mail.webhook.disabled', { url: endpoint.url, count: DISABLE_AFTER_FAILURES }),
        '',
        say('mail.webhook.enableAgain', { url: `${publicUrl}/admin/integrations` }),
      ].join('\n'),
    });
  }
}

/** Its one attempt: the request, signed as Standard Webhooks prescribes, and what came of it. */
async function attempt(
  delivery: Delivery,
  post: WebhookPoster,
  policy: DestinationPolicy,
): Promise<{ statusCode: number | null; error: string | null }> {
  const body = JSON.stringify({
    id: delivery.eventId,
    type: delivery.type,
    timestamp: new Date(delivery.createdAt).toISOString(),
    data: delivery.data,
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Storefront-Webhooks/1.0',
    'webhook-id': delivery.eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sign(delivery.secret, delivery.eventId, timestamp, body),
  };
  try {
    const { statusCode } = await post(delivery.url, body, headers, policy);
    return { statusCode, error: outcome(statusCode) };
  } catch (failure) {
    return { statusCode: null, error: failureSentence(failure) };
  }
}

/**
 * The `webhook` job: one attempt at one delivery. The job is the delivery's only ledger of retries: it fails on
 * anything but 2xx, and the runner runs it again on RETRY_SCHEDULE_MS until MAX_ATTEMPTS. Each attempt adds its
 * outcome to the delivery. A delivery this job already delivered, or whose endpoint is gone, ends without sending
 * (at-least-once made safe). The jobs claimed together are read in one statement, sent at once and recorded in
 * one statement.
 */
export function webhookJob(opts: {
  database: Database;
  policy: DestinationPolicy;
  publicUrl: string;
  post?: WebhookPoster;
}): EachHandler<WebhookJob> {
  const { database, policy, publicUrl } = opts;
  const post = opts.post ?? postWithNode;
  const db = database.db;
  return {
    maxAttempts: MAX_ATTEMPTS,
    backoffMs: (attempts) => RETRY_SCHEDULE_MS[Math.min(attempts, RETRY_SCHEDULE_MS.length) - 1]!,
    async runEach(runs) {
      const rows = await selectDeliveries(db, { ids: runs.map((run) => run.payload.deliveryId) });
      const deliveries = new Map(rows.map((row) => [row.deliveryId, row]));
      // Each run's attempt to record, and its failure (the job is retried for it).
      const made = await Promise.all(
        runs.map(async ({ payload, job }): Promise<{ record?: Attempt; failed?: Error }> => {
          const delivery = deliveries.get(payload.deliveryId);
          if (!delivery) return {};
          // Its run that delivered ended before the runner heard of it (a crash, a lost lease): nothing more to send.
          if (delivery.outcomes.some((o) => o.job === job.id && o.error === null)) return {};
          // A disabled endpoint ends the job: no retry will reach it (a Redeliver is refused until it is enabled).
          if (!delivery.isActive) {
            const answer = { statusCode: null, error: 'The endpoint is disabled.' };
            return { record: recordOf(delivery, outcomesOf(delivery.outcomes, job, answer), false) };
          }
          const answer = await attempt(delivery, post, policy);
          const outcomes = outcomesOf(delivery.outcomes, job, answer);
          if (answer.error === null) return { record: recordOf(delivery, outcomes, true) };
          return {
            record: recordOf(delivery, outcomes, false, job.attempts >= MAX_ATTEMPTS),
            failed: new Error(answer.error),
          };
        }),
      );
      const records = made.flatMap(({ record }) => (record ? [record] : []));
      if (records.length) {
        const reachedLimit = await recordAttempts(db, {
          attempts: JSON.stringify(records),
          disableAfter: DISABLE_AFTER_FAILURES,
        });
        for (const endpoint of reachedLimit) await db.transaction((tx) => disableEndpoint(tx, endpoint, publicUrl));
      }
      return made.map(({ failed }) => failed);
    },
  };
}

/** A `webhook` job: one attempt at one delivery (queued by events.ts and by a replay). */
export const webhookKind = defineJob('webhook', ZWebhookJob, (deps: { database: Database; env: Env }) =>
  webhookJob({ database: deps.database, policy: destinationPolicy(deps.env), publicUrl: deps.env.publicUrl }),
);
