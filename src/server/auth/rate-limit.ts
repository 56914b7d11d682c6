import { eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { rateLimits } from '../../../db/schema/index';

export interface RateLimitRule {
  /** Names the counter family; part of every key. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** What the refusal says came too often: "Too many attempts" unless `messages` ("You're sending messages too quickly"). */
  tooMany?: 'messages';
  /** Only failures count: a request that succeeds gives its hit back (someone signing in is not guessing). */
  failuresOnly?: true;
}

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  /** Seconds until the window restarts (at least 1). */
  retryAfterSeconds: number;
}

// The limits of docs/sign-in.md. Per IP counts every attempt from one address (offices share
// addresses, so it is the looser one); per account counts attempts on one e-mail from anywhere.
export const limits = {
  loginPerIp: { name: 'login-ip', limit: 30, windowSeconds: 15 * 60 },
  loginPerAccount: { name: 'login-account', limit: 10, windowSeconds: 15 * 60, failuresOnly: true },
  registerPerIp: { name: 'register-ip', limit: 10, windowSeconds: 60 * 60 },
  setPasswordPerIp: { name: 'set-password-ip', limit: 20, windowSeconds: 15 * 60 },
  oidcCallbackPerIp: { name: 'oidc-callback-ip', limit: 60, windowSeconds: 10 * 60 },
  // A balance check or a code applied to a cart from one address: generous for people, hopeless for guessing
  // 80-bit codes (docs/gift-cards.md).
  giftCardLookupPerIp: { name: 'gift-card-ip', limit: 20, windowSeconds: 15 * 60 },
  chatPerUser: { name: 'chat-user', limit: 30, windowSeconds: 60, tooMany: 'messages' },
} as const satisfies Record<string, RateLimitRule>;

const counters = new WeakMap<object, ReturnType<typeof prepareCounter>>();

function prepareCounter(db: Tx) {
  const window = sql`make_interval(secs => ${sql.placeholder('windowSeconds')}::int)`;
  const count = sql`${sql.placeholder('count')}::int`;
  const expired = sql`${rateLimits.expiresAt} <= now()`;
  return db
    .insert(rateLimits)
    .values({
      key: sql.placeholder('key'),
      hits: count,
      windowStartedAt: sql`now()`,
      expiresAt: sql`now() + ${window}`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then ${count} else ${rateLimits.hits} + ${count} end`,
        windowStartedAt: sql`case when ${expired} then now() else ${rateLimits.windowStartedAt} end`,
        expiresAt: sql`case when ${expired} then now() + ${window} else ${rateLimits.expiresAt} end`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      retryAfter: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.expiresAt} - now()))))::int`,
    })
    .prepare('hit_rate_limit');
}

/**
 * Counts `count` hits (one request, or an instance's claim of several: src/server/integrations/api-keys.ts)
 * against `rule` for `subject` and says whether the window's total is within the limit. The counter is one row
 * updated by a single atomic upsert, so it is exact across any number of app instances. Every limit of the product
 * (sign-in, registration, chat, API keys, gift-card look-ups) is counted here.
 */
export async function hitRateLimit(
  db: Tx,
  rule: Pick<RateLimitRule, 'name' | 'limit' | 'windowSeconds'>,
  subject: string,
  count = 1,
): Promise<RateLimitResult> {
  let counter = counters.get(db);
  if (!counter) counters.set(db, (counter = prepareCounter(db)));
  const [row] = await counter.execute({ key: `${rule.name}:${subject}`, windowSeconds: rule.windowSeconds, count });
  // Expired counters are useless; sweep them now and then instead of on every hit.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.expiresAt, sql`now()`));
  return { allowed: row!.hits <= rule.limit, hits: row!.hits, retryAfterSeconds: Number(row!.retryAfter) };
}

/** Gives back one hit of `rule` for `subject` (a request that succeeded where only failures count). */
export async function giveBackHit(db: Tx, rule: RateLimitRule, subject: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(eq(rateLimits.key, `${rule.name}:${subject}`));
}

/**
 * Normalises what identifies an account in a limit key: the e-mail, trimmed and lower-cased. Limits count before
 * the body is validated, so the key also drops NUL, which PostgreSQL text cannot hold.
 */
export const accountSubject = (email: string) => email.replaceAll('\0', '').trim().toLowerCase().slice(0, 320);
