import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describeError, errorBody } from './errors';
import { requestLocale } from './request-locale';

/**
 * Answers a failure on a plain Fastify route (and Fastify's own errors) exactly as the API answers it:
 * the shape, status and Retry-After come from describeError. Unexpected failures are logged with the request id.
 */
export function sendError(req: FastifyRequest, reply: FastifyReply, error: unknown) {
  return reply.send(failureAnswer(req, reply, error));
}

/**
 * The status and Retry-After of a failure, set on reply, and its body: sendError's, and the answer an onSend hook
 * puts in place of one that must not go out.
 */
export function failureAnswer(req: FastifyRequest, reply: FastifyReply, error: unknown) {
  const answer = describeError(inOurWords(error), String(req.id), requestLocale(req));
  if (answer.httpStatus >= 500) logFailure(req, error, answer.code);
  if (answer.retryAfterSeconds) reply.header('retry-after', String(answer.retryAfterSeconds));
  reply.code(answer.httpStatus);
  return errorBody(answer);
}

/**
 * Fastify's own refusals, before any route runs, by their code: our sentences instead of its wording (which names
 * its internals and echoes the path), so that describeError says them in the caller's language (es/sentences.ts)
 * and a Fastify release that rewords them changes nothing. The status and the code still come from describeError,
 * as does the 415's sentence.
 */
const fastifyRefusals: Record<string, { said: string; statusCode?: number }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { said: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    said: 'The request body is empty, but its Content-Type says JSON: send JSON, or no body and no Content-Type.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { said: 'The request body is larger than 1 MB.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { said: "The request body's size does not match its Content-Length." },
  // A path segment over maxParamLength is no id of anything: 404, as for any id that names nothing.
  FST_ERR_MAX_PARAM_LENGTH: {
    said: 'Nothing was found at this address: a part of it is too long to be an id.',
    statusCode: 404,
  },
};

/** A Fastify refusal with our sentence as its message (one we have no sentence for, a general one). */
function inOurWords(error: unknown): unknown {
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  if (typeof code !== 'string' || !code.startsWith('FST_')) return error;
  const ours = fastifyRefusals[code] ?? { said: 'The request could not be read.' };
  return Object.assign(new Error(ours.said), { code, statusCode: ours.statusCode ?? statusCode });
}

/**
 * What Node's HTTP parser refuses before there is a request to answer (a URL and headers over its 16 KB, a
 * malformed request, one that takes too long to arrive), answered in the house shape instead of Fastify's own.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'REQUEST_HEADER_FIELDS_TOO_LARGE', 'The address and headers of the request are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'TIMEOUT', 'The request took too long to arrive.']
        : [400, 'BAD_REQUEST', 'The request is not valid HTTP.'];
  const body = JSON.stringify(errorBody({ httpStatus: status, code, message }));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** A lost database is expected now and then (restart, failover): a warning, not an error report. */
export function logFailure(req: FastifyRequest, error: unknown, code: string) {
  if (code === 'SERVICE_UNAVAILABLE') req.log.warn(withoutData(error), 'database unavailable');
  else req.log.error(withoutData(error), 'request failed');
}

/**
 * A failure as the log shows it: what failed and where, never the request's data. drizzle's error for a failed
 * query names its parameters in its message, and PGlite's carries them as a field (an applicant's name and
 * e-mail), so the database's error is logged by its type, message, code and stack, beside the query's text.
 */
function withoutData(error: unknown) {
  // tRPC wraps whatever a procedure threw; what was thrown is its cause.
  const thrown = (error as { cause?: unknown } | null)?.cause ?? error;
  const failure = thrown instanceof DrizzleQueryError ? thrown.cause : thrown;
  const query = thrown instanceof DrizzleQueryError ? thrown.query : undefined;
  if (!(failure instanceof Error)) return { err: failure, query };
  const { name, message, stack } = failure;
  return { err: { type: name, message, code: (failure as { code?: unknown }).code, stack }, query };
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
