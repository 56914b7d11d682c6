import { experimental_trpcMiddleware } from '@trpc/server';
import type { Context } from '../api/context';
import { AppError } from '../app-error';
import { accountSubject, giveBackHit, hitRateLimit, type RateLimitRule } from '../auth/rate-limit';
import { sentence } from '../../shared/i18n/sentence';

/** What a limit counts by: the caller's address, the account named in the request body, or the signed-in user. */
export type LimitSubject = 'ip' | 'account' | 'user';

function accountOf(rawInput: unknown): string | null {
  const email = (rawInput as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' && email.trim() ? accountSubject(email) : null;
}

/** "Too many attempts. Please wait 2 minutes and try again.", or the rule's own first sentence. */
export const tooManySentence = (tooMany: 'messages' | undefined, seconds: number) =>
  sentence(
    "{what, select, messages {You're sending messages too quickly} other {Too many attempts}}. Please wait {unit, select, seconds {{count, plural, one {# second} other {# seconds}}} other {{count, plural, one {# minute} other {# minutes}}}} and try again.",
    {
      what: tooMany ?? 'attempts',
      unit: seconds < 60 ? 'seconds' : 'minutes',
      count: seconds < 60 ? seconds : Math.ceil(seconds / 60),
    },
  );

/**
 * Rate limiting as tRPC middleware, so /api/trpc and the REST paths (/api/*) share one limiter and one
 * counter: both adapters run the same procedures. Counters live in PostgreSQL (see rate-limit.ts).
 */
export function rateLimited(...specs: { rule: RateLimitRule; by: LimitSubject }[]) {
  return experimental_trpcMiddleware<{ ctx: Context }>().create(async ({ ctx, getRawInput, next }) => {
    const counted: { rule: RateLimitRule; subject: string }[] = [];
    for (const { rule, by } of specs) {
      const subject =
        by === 'ip'
          ? ctx.ip
          : by === 'user'
            ? (ctx.user?.id ?? null)
            : accountOf(await getRawInput().catch(() => undefined));
      if (!subject) continue;
      const result = await hitRateLimit(ctx.db, rule, subject);
      counted.push({ rule, subject });
      if (!result.allowed) {
        // The error formatter turns retryAfterSeconds into the Retry-After header on both APIs.
        throw new AppError('TOO_MANY_REQUESTS', tooManySentence(rule.tooMany, result.retryAfterSeconds), {
          retryAfterSeconds: result.retryAfterSeconds,
        });
      }
    }
    const result = await next();
    if (result.ok)
      for (const { rule, subject } of counted) if (rule.failuresOnly) await giveBackHit(ctx.db, rule, subject);
    return result;
  });
}
