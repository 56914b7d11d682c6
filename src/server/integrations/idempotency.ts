import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { idempotencyKeys } from '../../../db/schema/index';
import { AppError } from '../app-error';

/** How long an answer is kept for repeats of its request. */
const KEEP_HOURS = 24;
// No request runs this long; a row still without an answer after it belongs to an instance that died mid-way,
// and the request may run again.
const ABANDONED_AFTER_SECONDS = 5 * 60;

const idempotencyMessages = {
  invalidKey: 'The Idempotency-Key header must be 1-255 printable characters.',
  otherRequest: 'This Idempotency-Key was used with a different request.',
  inProgress: 'A request with this Idempotency-Key is still in progress. Please try again in a moment.',
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
  body: string;
  contentType: string | null;
}

/**
 * Claims (caller, key) for a request about to run, or says what to do instead: `replay` the stored answer of the
 * same request. The claim is one upsert, so of any number of concurrent repeats on any instances exactly one runs;
 * the others get 409 while it runs and its answer afterwards. Another request under the same key is 422.
 */
export async function claimIdempotencyKey(
  db: Tx,
  claim: { caller: string; key: string; requestHash: string },
): Promise<{ outcome: 'run' } | { outcome: 'replay'; answer: StoredAnswer }> {
  const expiresAt = sql`now() + make_interval(hours => ${KEEP_HOURS})`;
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
        setWhere: sql`${idempotencyKeys.expiresAt} <= now() or (${idempotencyKeys.responseStatus} is null and ${idempotencyKeys.createdAt} < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS}))`,
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed) {
      // Expired rows are useless; sweep them now and then instead of on every claim.
      if (Math.random() < 0.01) await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, sql`now()`));
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
    if (!held) continue;
    if (held.requestHash !== claim.requestHash)
      throw new AppError('UNPROCESSABLE_CONTENT', idempotencyMessages.otherRequest);
    if (held.status === null) throw new AppError('CONFLICT', idempotencyMessages.inProgress);
    return { outcome: 'replay', answer: { status: held.status, body: held.body ?? '', contentType: held.contentType } };
  }
  throw new AppError('CONFLICT', idempotencyMessages.inProgress);
}

/** Keeps the answer of a claimed request for its repeats. */
export async function storeIdempotentAnswer(
  db: Tx,
  claim: { caller: string; key: string },
  answer: StoredAnswer,
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: answer.body, responseContentType: answer.contentType })
    .where(
      and(
        eq(idempotencyKeys.caller, claim.caller),
        eq(idempotencyKeys.key, claim.key),
        isNull(idempotencyKeys.responseStatus),
      ),
    );
}

/** Lets a claimed request be sent again: its answer was a server failure (not kept) or never went out. */
export async function releaseIdempotencyKey(db: Tx, claim: { caller: string; key: string }): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.caller, claim.caller),
        eq(idempotencyKeys.key, claim.key),
        isNull(idempotencyKeys.responseStatus),
      ),
    );
}
