import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client';
import { idempotencyKeys } from '../../../db/schema/index';
import { AppError } from '../app-error';

/** How long an answer is kept for repeats of its request. */
const KEEP_HOURS = 24;
/**
 * A claim taken outside the request's transaction (see claimIdempotencyKey) is a lease of this many seconds, renewed
 * every third of it while the request runs: a claim whose instance died is free again within it.
 */
export const LEASE_SECONDS = 10;
// The first key of the two-key advisory locks that stand for a running keyed request (the second is a hash of
// caller and key): a space of its own, apart from the one-key locks the bookings take.
const IDEMPOTENCY_LOCK_CLASS = 727_271_046;

const idempotencyMessages = {
  invalidKey: 'The Idempotency-Key header must be 1-255 printable characters.',
  otherRequest: 'This Idempotency-Key was used with a different request.',
  inProgress: 'A request with this Idempotency-Key is still in progress. Please try again in a moment.',
  secretNotKept:
    'This request was already done with this Idempotency-Key, and its answer held a secret that is shown only once, so it was not kept. Revoke what the first request made if you did not get its answer, and make a new one with a new key.',
} as const;

const PRINTABLE = /^[\x20-\x7e]{1,255}$/;

/** The header's value, checked: 1-255 printable ASCII characters, else a 400. */
export function checkIdempotencyKey(value: string | string[]): string {
  if (typeof value !== 'string' || !PRINTABLE.test(value))
    throw new AppError('BAD_REQUEST', idempotencyMessages.invalidKey);
  return value;
}

/** What makes two requests "the same": method, path with query, and the body's JSON. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest('base64url');
}

export interface StoredAnswer {
  status: number;
  /** null: the answer held a secret and was not kept (`answerHoldsSecret`); a repeat is refused with 409. */
  body: string | null;
  contentType: string | null;
}

export interface IdempotencyClaim {
  caller: string;
  key: string;
  requestHash: string;
}

interface HeldKey {
  requestHash: string;
  status: number | null;
  body: string | null;
  contentType: string | null;
}

/**
 * What a request finds under its key: nothing (it may run), the kept answer of the same request (replayed), or a
 * refusal: 422 for another request under the key, 409 while a claim without an answer is held, 409 for an answer
 * that held a secret.
 */
function verdict(held: HeldKey | undefined, requestHash: string): StoredAnswer | null {
  if (!held) return null;
  if (held.requestHash !== requestHash) throw new AppError('UNPROCESSABLE_CONTENT', idempotencyMessages.otherRequest);
  if (held.status === null) throw new AppError('CONFLICT', idempotencyMessages.inProgress);
  if (held.body === null) throw new AppError('CONFLICT', idempotencyMessages.secretNotKept);
  return { status: held.status, body: held.body, contentType: held.contentType };
}

/**
 * The request's own transaction takes its key (PostgreSQL): an advisory lock on (caller, key) that the transaction
 * holds until it commits or rolls back, which it also does when its connection or instance dies, so a crashed
 * request never blocks its retry. Answers the kept answer to replay, or null when the request is to run in this
 * transaction (which then keeps its answer with keepAnswer before committing). While another request holds the
 * key, 409 at once: the repeat does not wait (nor hold a connection) for the first to finish.
 */
export async function lockIdempotencyKey(tx: Tx, claim: IdempotencyClaim): Promise<StoredAnswer | null> {
  const [row] = await queryRows<HeldKey & { locked: boolean }>(
    tx,
    sql`select pg_try_advisory_xact_lock(${IDEMPOTENCY_LOCK_CLASS}, hashtext(${claim.caller} || ' ' || ${claim.key})) as locked,
               k.request_hash as "requestHash", k.response_status as status, k.response_body as body,
               k.response_content_type as "contentType"
          from (select 1) as one
          left join ${idempotencyKeys} k
            on k.caller = ${claim.caller} and k.key = ${claim.key} and k.expires_at > now()`,
  );
  const held = row!.requestHash === null ? undefined : row;
  // Read after the lock was asked for: when it is taken, any earlier holder has committed its answer already.
  const answer = verdict(held, claim.requestHash);
  if (answer) return answer;
  if (!row!.locked) throw new AppError('CONFLICT', idempotencyMessages.inProgress);
  return null;
}

/**
 * Keeps the answer of a request that ran in the transaction tx, which lockIdempotencyKey locked; it commits with the
 * request's writes. An expired row of the key is replaced.
 */
export async function keepAnswer(tx: Tx, claim: IdempotencyClaim, answer: StoredAnswer): Promise<void> {
  const expiresAt = sql`now() + make_interval(hours => ${KEEP_HOURS})`;
  const kept = await tx
    .insert(idempotencyKeys)
    .values({
      ...claim,
      responseStatus: answer.status,
      responseBody: answer.body,
      responseContentType: answer.contentType,
      expiresAt,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.caller, idempotencyKeys.key],
      set: {
        requestHash: claim.requestHash,
        responseStatus: answer.status,
        responseBody: answer.body,
        responseContentType: answer.contentType,
        createdAt: sql`now()`,
        expiresAt,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} <= now()`,
    })
    .returning({ key: idempotencyKeys.key });
  // A lease claim (claimIdempotencyKey) of the key was taken meanwhile by a request of another route.
  if (!kept.length) throw new AppError('CONFLICT', idempotencyMessages.inProgress);
  await sweepNowAndThen(tx);
}

/**
 * Claims (caller, key) for a request that does not run in one transaction with its answer (the embedded database,
 * routes that are not API operations), or says what to do instead: `replay` the stored answer of the same request.
 * The claim is one upsert, so of any number of concurrent repeats on any instances exactly one runs; the others get
 * 409 while it runs and its answer afterwards. Another request under the same key is 422. The claim is a lease of
 * LEASE_SECONDS that renewClaim extends while the request runs: an instance that dies stops renewing it.
 */
export async function claimIdempotencyKey(
  db: Tx,
  claim: IdempotencyClaim,
): Promise<{ outcome: 'run' } | { outcome: 'replay'; answer: StoredAnswer }> {
  const expiresAt = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
  // A repeat may find the row gone (the first answered 5xx, which is not kept): then it claims afresh.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ ...claim, expiresAt })
      .onConflictDoUpdate({
        target: [idempotencyKeys.caller, idempotencyKeys.key],
        set: {
          requestHash: claim.requestHash,
          responseStatus: null,
          responseBody: null,
          responseContentType: null,
          createdAt: sql`now()`,
          expiresAt,
        },
        setWhere: sql`${idempotencyKeys.expiresAt} <= now()`,
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed) {
      await sweepNowAndThen(db);
      return { outcome: 'run' };
    }
    const [held] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        status: idempotencyKeys.responseStatus,
        body: idempotencyKeys.responseBody,
        contentType: idempotencyKeys.responseContentType,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.caller, claim.caller), eq(idempotencyKeys.key, claim.key)));
    const answer = verdict(held, claim.requestHash);
    if (answer) return { outcome: 'replay', answer };
  }
  throw new AppError('CONFLICT', idempotencyMessages.inProgress);
}

const unanswered = (claim: { caller: string; key: string }) =>
  and(
    eq(idempotencyKeys.caller, claim.caller),
    eq(idempotencyKeys.key, claim.key),
    isNull(idempotencyKeys.responseStatus),
  );

/** Extends a running request's lease (claimIdempotencyKey). */
export async function renewClaim(db: Tx, claim: { caller: string; key: string }): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ expiresAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(unanswered(claim));
}

/** Keeps the answer of a request claimed with claimIdempotencyKey for its repeats. */
export async function storeIdempotentAnswer(
  db: Tx,
  claim: { caller: string; key: string },
  answer: StoredAnswer,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      responseStatus: answer.status,
      responseBody: answer.body,
      responseContentType: answer.contentType,
      expiresAt: sql`${idempotencyKeys.createdAt} + make_interval(hours => ${KEEP_HOURS})`,
    })
    .where(unanswered(claim));
}

/** Lets a claimed request be sent again: its answer was a server failure (not kept) or never went out. */
export async function releaseIdempotencyKey(db: Tx, claim: { caller: string; key: string }): Promise<void> {
  await db.delete(idempotencyKeys).where(unanswered(claim));
}

// Expired rows are useless; sweep them now and then instead of on every claim.
async function sweepNowAndThen(db: Tx) {
  if (Math.random() < 0.01) await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`));
}
