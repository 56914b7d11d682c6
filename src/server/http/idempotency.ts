import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findCaller, type AppServices } from '../api/context';
import { sendError } from '../api/error-reply';
import {
  checkIdempotencyKey,
  claimIdempotencyKey,
  releaseIdempotencyKey,
  requestFingerprint,
  storeIdempotentAnswer,
} from '../integrations/idempotency';

type Claim = { caller: string; key: string };

/**
 * `Idempotency-Key` on POSTs under /api (docs/integrations.md): the first request with a key runs, its answer is
 * kept 24 h, and a repeat of the same request gets that answer again (`Idempotent-Replayed: true`) instead of
 * running again. Keys are per caller (a user's session, or an API key); a visitor's POSTs are not keyed. The
 * browser's own API (/api/trpc) is left out: it is not a contract programs retry against.
 */
export const idempotencyPlugin = fp(
  async (app, deps: AppServices) => {
    const db = deps.database.db;
    const claims = new WeakMap<FastifyRequest, Claim>();

    app.addHook('preHandler', async (req, reply) => {
      const header = req.headers['idempotency-key'];
      if (header === undefined || req.method !== 'POST' || !req.url.startsWith('/api/')) return;
      if (req.url.startsWith('/api/trpc')) return;
      try {
        const key = checkIdempotencyKey(header);
        const { user } = await findCaller(deps, req, reply);
        if (!user) return;
        const claim = { caller: user.apiKey ? `key:${user.apiKey.id}` : `user:${user.id}`, key };
        const result = await claimIdempotencyKey(db, {
          ...claim,
          requestHash: requestFingerprint(req.method, req.url, req.body),
        });
        if (result.outcome === 'run') {
          claims.set(req, claim);
          return;
        }
        const { status, body, contentType } = result.answer;
        reply.code(status).header('idempotent-replayed', 'true');
        if (contentType) reply.type(contentType);
        return reply.send(body);
      } catch (error) {
        return sendError(req, reply, error);
      }
    });

    app.addHook('onSend', async (req, reply, payload) => {
      const claim = claims.get(req);
      if (!claim) return payload;
      claims.delete(req);
      try {
        // Server failures are not kept: a retry should run again. Streamed answers cannot be kept either.
        if (reply.statusCode < 500 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
          const contentType = reply.getHeader('content-type');
          await storeIdempotentAnswer(db, claim, {
            status: reply.statusCode,
            body: payload.toString(),
            contentType: typeof contentType === 'string' ? contentType : null,
          });
        } else {
          await releaseIdempotencyKey(db, claim);
        }
      } catch (error) {
        req.log.warn({ err: error }, 'could not keep the answer of an idempotent request');
      }
      return payload;
    });

    // An answer that never went out (the client went away first) frees its key for the retry.
    app.addHook('onResponse', async (req) => {
      const claim = claims.get(req);
      if (!claim) return;
      claims.delete(req);
      await releaseIdempotencyKey(db, claim).catch((error: unknown) => req.log.warn({ err: error }, 'release failed'));
    });
  },
  { name: 'storefront-idempotency', fastify: '5.x', dependencies: ['storefront-errors', '@fastify/cookie'] },
);
