import type { FastifyReply } from 'fastify';
import type { Tx } from '../../../db/client';
import { integrationMessages } from '../../shared/integrations-schema';
import { AppError } from '../app-error';
import type { SessionUser } from '../auth/sessions';
import type { Env } from '../env';
import { API_KEY_WINDOW_SECONDS, authenticateApiKey, countApiKeyRequest } from '../integrations/api-keys';
import { sentence } from '../../shared/i18n/sentence';

const BEARER = /^bearer(?:[ \t]+|$)/i;

/** The key of an `Authorization: Bearer <key>` header, or undefined when the request has no such header. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined || !BEARER.test(authorization)) return undefined;
  return authorization.replace(BEARER, '').trim();
}

/**
 * The caller behind a bearer key, counted against the key's rate limit. A bad key is refused outright and
 * never falls back to a session cookie: a program that sent a key meant that key. The limit headers go on
 * every keyed answer (draft-ietf-httpapi-ratelimit-headers), the refusal too.
 */
export async function authenticateBearer(
  db: Tx,
  env: Env,
  reply: FastifyReply,
  key: string,
): Promise<SessionUser & { apiKey: NonNullable<SessionUser['apiKey']> }> {
  const user = key ? await authenticateApiKey(db, key) : null;
  if (!user?.apiKey) {
    reply.header('www-authenticate', 'Bearer');
    throw new AppError('UNAUTHORIZED', integrationMessages.invalidKey);
  }
  const limit = env.API_KEY_RATE_LIMIT;
  const { hits, resetSeconds } = await countApiKeyRequest(db, user.apiKey.id, limit);
  reply.header('ratelimit-limit', String(limit));
  const left = Math.max(0, limit - hits);
  reply.header('ratelimit-remaining', String(left));
  reply.header('ratelimit-reset', String(resetSeconds));
  // The same in the current draft's structured fields, beside the three older ones clients already read.
  reply.header('ratelimit-policy', `"key";q=${limit};w=${API_KEY_WINDOW_SECONDS}`);
  reply.header('ratelimit', `"key";r=${left};t=${resetSeconds}`);
  if (hits > limit) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      sentence(
        'This API key has made {limit} requests this minute. Please wait {seconds, plural, one {# second} other {# seconds}} and try again.',
        { limit, seconds: resetSeconds },
      ),
      { retryAfterSeconds: resetSeconds },
    );
  }
  return { ...user, apiKey: user.apiKey };
}
