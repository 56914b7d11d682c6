import type { FastifyReply } from 'fastify';
import type { Tx } from '../../../db/client';
import { integrationMessages } from '../../shared/integrations-schema';
import { AppError } from '../app-error';
import type { SessionUser } from '../auth/sessions';
import { hitRateLimit } from '../auth/rate-limit';
import type { Env } from '../env';
import { authenticateApiKey } from '../integrations/api-keys';

const BEARER = /^bearer(?:[ \t]+|$)/i;

/** The key of an `Authorization: Bearer <key>` header, or undefined when the request has no such header. */
export function bearerToken(authorization: string | undefined): string | undefined {
  if (authorization === undefined || !BEARER.test(authorization)) return undefined;
  return authorization.replace(BEARER, '').trim();
}

const RATE_WINDOW_SECONDS = 60;

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
  const rule = { name: 'api-key', limit, windowSeconds: RATE_WINDOW_SECONDS };
  const { allowed, hits, retryAfterSeconds } = await hitRateLimit(db, rule, user.apiKey.id);
  reply.header('ratelimit-limit', String(limit));
  reply.header('ratelimit-remaining', String(Math.max(0, limit - hits)));
  reply.header('ratelimit-reset', String(retryAfterSeconds));
  if (!allowed) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `This API key has made ${limit} requests this minute. Please wait ${retryAfterSeconds} seconds and try again.`,
      { retryAfterSeconds },
    );
  }
  return { ...user, apiKey: user.apiKey };
}
