import { experimental_trpcMiddleware } from '@trpc/server';
import type { Context } from '../context';
import { AppError } from '../errors';
import { accountSubject, hitRateLimit, type RateLimitRule } from '../auth/rate-limit';

/** What a limit counts by: the caller's address, or the account named in the request body. */
export type LimitSubject = 'ip' | 'account';

function accountOf(rawInput: unknown): string | null {
  const email = (rawInput as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' && email.trim() ? accountSubject(email) : null;
}

function wait(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Rate limiting as tRPC middleware, so /api/trpc and the REST paths (/api/*) share one limiter and one
 * counter: both adapters run the same procedures. Counters live in PostgreSQL (see rate-limit.ts).
 */
export function rateLimited(...specs: { rule: RateLimitRule; by: LimitSubject }[]) {
  return experimental_trpcMiddleware<{ ctx: Context }>().create(async ({ ctx, getRawInput, next }) => {
    for (const { rule, by } of specs) {
      const subject = by === 'ip' ? ctx.ip : accountOf(await getRawInput().catch(() => undefined));
      if (!subject) continue;
      const result = await hitRateLimit(ctx.db, rule, subject);
      if (!result.allowed) {
        // The error formatter turns retryAfterSeconds into the Retry-After header on both APIs.
        throw new AppError('TOO_MANY_REQUESTS', `Too many attempts. Please wait ${wait(result.retryAfterSeconds)} and try again.`, {
          retryAfterSeconds: result.retryAfterSeconds,
        });
      }
    }
    return next();
  });
}
