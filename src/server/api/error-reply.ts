import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { describeError, errorBody } from './errors';

/**
 * Answers a failure on a plain Fastify route (and Fastify's own errors) exactly as the API answers it:
 * the shape, status and Retry-After come from describeError. Unexpected failures are logged with the request id.
 */
export function sendError(req: FastifyRequest, reply: FastifyReply, error: unknown) {
  const answer = describeError(error, String(req.id));
  if (answer.httpStatus >= 500) logFailure(req, error, answer.code);
  if (answer.retryAfterSeconds) reply.header('retry-after', String(answer.retryAfterSeconds));
  return reply.code(answer.httpStatus).send(errorBody(answer));
}

/** A lost database is expected now and then (restart, failover): a warning, not an error report. */
export function logFailure(req: FastifyRequest, error: unknown, code: string) {
  const err = (error as { cause?: unknown } | null)?.cause ?? error;
  if (code === 'SERVICE_UNAVAILABLE') req.log.warn({ err }, 'database unavailable');
  else req.log.error({ err }, 'request failed');
}

/** Retry-After for a tRPC answer (the adapter's responseMeta), from the same description of its errors. */
export function retryAfterHeader(errors: readonly unknown[]): { headers?: Record<string, string> } {
  const seconds = errors.map((error) => describeError(error, undefined).retryAfterSeconds).find((s) => s !== undefined);
  return seconds ? { headers: { 'retry-after': String(seconds) } } : {};
}

/**
 * Fastify's own failures (bad JSON, unsupported media type, body too large) and anything a plain route
 * throws, answered through the one formatter; every answer names its request id.
 */
export const errorHandlingPlugin = fp(
  async (app) => {
    app.setErrorHandler((error, req, reply) => sendError(req, reply, error));
    // Set as the request arrives (a callback hook, no promise per request); every answer carries it.
    app.addHook('onRequest', (req, reply, done) => {
      reply.header('x-request-id', req.id);
      done();
    });
  },
  { name: 'storefront-errors', fastify: '5.x' },
);
