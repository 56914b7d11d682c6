import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Tx } from '../../../db/client';
import { findCaller, runRequestIn, type AppServices } from '../api/context';
import { failureAnswer, sendError } from '../api/error-reply';
import {
  checkIdempotencyKey,
  claimIdempotencyKey,
  keepAnswer,
  LEASE_SECONDS,
  lockIdempotencyKey,
  releaseIdempotencyKey,
  renewClaim,
  requestFingerprint,
  storeIdempotentAnswer,
  type IdempotencyClaim,
  type StoredAnswer,
} from '../integrations/idempotency';

/** What a route says of itself to this plugin (its Fastify `config`); the API's operations set it (api/rest.ts). */
interface IdempotencyRoute {
  /** Its handler takes its database handle from the request's context, so it can run in the request's transaction. */
  inTransaction: boolean;
  /** Its answer carries a secret shown once: the answer is never kept, and a repeat is refused (409). */
  answerHoldsSecret: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotency?: IdempotencyRoute;
  }
}

interface Transaction {
  tx: Tx;
  end(commit: boolean): Promise<void>;
}

/** A keyed request that is running: how its answer is to be kept. */
type Running = { claim: IdempotencyClaim; answerHoldsSecret: boolean } & (
  ({ mode: 'transaction' } & Transaction) | { mode: 'lease'; renewing: NodeJS.Timeout }
);

/**
 * `Idempotency-Key` on POSTs under /api (docs/integrations.md): the first request with a key runs, its answer is
 * kept 24 h, and a repeat of the same request gets that answer again (`Idempotent-Replayed: true`) instead of
 * running again. Keys are per caller (a user's session, or an API key); a visitor's POSTs are not keyed. The
 * browser's own API (/api/trpc) is left out: it is not a contract programs retry against.
 *
 * On PostgreSQL an API operation runs in a transaction this plugin opens, which holds the key (an advisory lock) and
 * in which the answer is kept before it commits and goes out: a committed write always has its answer, and a write
 * that did not commit (a failure, a crash, a lost connection) leaves no trace of its key, so its retry runs at once.
 * Elsewhere (the embedded database, whose one connection a held transaction would keep from every other query, and
 * routes that are not API operations) the key is claimed by a short lease, the request runs, and its answer is kept.
 */
export const idempotencyPlugin = fp(
  async (app, deps: AppServices) => {
    const db = deps.database.db;
    const running = new WeakMap<FastifyRequest, Running>();

    app.addHook('preHandler', async (req, reply) => {
      const header = req.headers['idempotency-key'];
      if (header === undefined || req.method !== 'POST' || !req.url.startsWith('/api/')) return;
      if (req.url.startsWith('/api/trpc')) return;
      try {
        // A visitor's requests are not keyed: their header is ignored, whatever it holds.
        const { user } = await findCaller(deps, req, reply);
        if (!user) return;
        const key = checkIdempotencyKey(header);
        const claim = {
          caller: user.apiKey ? `key:${user.apiKey.id}` : `user:${user.id}`,
          key,
          requestHash: requestFingerprint(req.method, req.url, req.body),
        };
        const route = req.routeOptions.config.idempotency;
        const answerHoldsSecret = route?.answerHoldsSecret ?? false;
        if (route?.inTransaction && deps.database.kind === 'postgres') {
          // The settings are read through the pool, and a request holding its transaction's connection must not
          // wait for a second one (all of them may be held so): read them now, while it holds none.
          await deps.settings.get();
          const request = await openTransaction(db, (error) => {
            // Its connection died mid-request: it is answered now (503), and its retry runs again.
            if (running.get(req)?.mode !== 'transaction' || reply.sent) return;
            running.delete(req);
            void sendError(req, reply, error);
          });
          const replay = await lockIdempotencyKey(request.tx, claim).catch(async (error: unknown) => {
            await request.end(false);
            throw error;
          });
          if (replay) {
            await request.end(false);
            return replayAnswer(reply, replay);
          }
          runRequestIn(req, request.tx);
          running.set(req, { claim, answerHoldsSecret, mode: 'transaction', ...request });
          return;
        }
        const result = await claimIdempotencyKey(db, claim);
        if (result.outcome === 'replay') return replayAnswer(reply, result.answer);
        const renewing = setInterval(
          () => {
            renewClaim(db, claim).catch((error: unknown) => req.log.warn({ err: error }, 'could not renew a claim'));
          },
          (LEASE_SECONDS * 1000) / 3,
        );
        renewing.unref();
        running.set(req, { claim, answerHoldsSecret, mode: 'lease', renewing });
      } catch (error) {
        return sendError(req, reply, error);
      }
    });

    app.addHook('onSend', async (req, reply, payload) => {
      const request = running.get(req);
      if (!request) return payload;
      running.delete(req);
      const answer = answerToKeep(reply, payload, request.answerHoldsSecret);
      if (request.mode === 'lease') {
        clearInterval(request.renewing);
        await (answer ? storeIdempotentAnswer(db, request.claim, answer) : releaseIdempotencyKey(db, request.claim))
          // The claim's lease then runs out on its own.
          .catch((error: unknown) =>
            req.log.warn({ err: error }, 'could not keep the answer of an idempotent request'),
          );
        return payload;
      }
      if (!answer) {
        // A server failure: nothing of the request is kept, and its retry runs again.
        await request.end(false).catch(() => undefined);
        return payload;
      }
      try {
        await keepAnswer(request.tx, request.claim, answer);
        await request.end(true);
        return payload;
      } catch (error) {
        await request.end(false).catch(() => undefined);
        // A refusal made no change worth keeping: it still goes out, and a retry runs again.
        if (reply.statusCode >= 400) return payload;
        // The write did not commit, so its success must not be told: the failure is, and a retry runs again.
        reply.type('application/json; charset=utf-8');
        return JSON.stringify(failureAnswer(req, reply, error));
      }
    });

    // An answer that never went out (the client went away first) frees its key for the retry.
    app.addHook('onResponse', async (req) => {
      const request = running.get(req);
      if (!request) return;
      running.delete(req);
      if (request.mode === 'transaction') return request.end(false).catch(() => undefined);
      clearInterval(request.renewing);
      await releaseIdempotencyKey(db, request.claim).catch((error: unknown) =>
        req.log.warn({ err: error }, 'release failed'),
      );
    });
  },
  { name: 'storefront-idempotency', fastify: '5.x', dependencies: ['storefront-errors', '@fastify/cookie'] },
);

function replayAnswer(reply: FastifyReply, { status, body, contentType }: StoredAnswer) {
  reply.code(status).header('idempotent-replayed', 'true');
  if (contentType) reply.type(contentType);
  return reply.send(body);
}

/**
 * The answer to keep for the request's repeats, or null when it is not kept: server failures (a retry should run
 * again) and streamed answers. A success that held a secret is kept without its body, so that a repeat neither runs
 * again nor shows the secret.
 */
function answerToKeep(reply: FastifyReply, payload: unknown, answerHoldsSecret: boolean): StoredAnswer | null {
  if (reply.statusCode >= 500 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return null;
  const contentType = reply.getHeader('content-type');
  return {
    status: reply.statusCode,
    body: answerHoldsSecret && reply.statusCode < 400 ? null : payload.toString(),
    contentType: typeof contentType === 'string' ? contentType : null,
  };
}

/**
 * A transaction that stays open across the request's hooks: `end(true)` commits it, `end(false)` rolls it back; each
 * settles once the database has done so (a failed commit throws). onLost hears of a transaction that ended before
 * it was told to (its connection died): the statements of its savepoints then never settle (postgres.js sends their
 * rollback to the dead connection), so the request would wait for ever.
 */
function openTransaction(db: Db, onLost: (error: unknown) => void): Promise<Transaction> {
  return new Promise((opened, failed) => {
    let decide!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (decide = resolve));
    const rollback = new Error('rolled back');
    let begun = false;
    let ending = false;
    const ended = db
      .transaction(async (tx) => {
        begun = true;
        opened({
          tx,
          end: async (commit) => {
            ending = true;
            decide(commit);
            await ended;
          },
        });
        if (!(await decided)) throw rollback;
      })
      .catch((error: unknown) => {
        if (error === rollback) return;
        // Failing to begin: nothing was opened, and nobody waits for its end.
        if (!begun) return failed(error);
        if (!ending) onLost(error);
        throw error;
      });
    // Heard by end() when it is called; a transaction lost before that has told onLost.
    ended.catch(() => undefined);
  });
}
