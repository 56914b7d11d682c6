import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/unstable-core-do-not-import';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

/** The one error type services throw. The message is shown to people, so write it for them. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: { retryAfterSeconds?: number },
  ) {
    super(message);
  }
}

export const httpStatusByCode: Record<string, number> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

// Connection-level failures: the database is away (restart, failover). Callers get 503 and may retry.
const unavailableErrnos = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED']);
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableErrnos.has(code) || unavailableSqlStates.has(code))) return true;
  }
  return false;
}

/** Maps anything a service can throw to the TRPCError the adapters understand. */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError) return error;
  if (error instanceof AppError) {
    return new TRPCError({ code: error.code as TRPC_ERROR_CODE_KEY, message: error.message, cause: error });
  }
  if (isDatabaseUnavailable(error)) {
    return new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is temporarily unavailable. Please try again in a moment.',
      cause: error instanceof Error ? error : undefined,
    });
  }
  return new TRPCError({
    code: 'INTERNAL_SERVER_ERROR',
    message: 'Internal server error',
    cause: error instanceof Error ? error : undefined,
  });
}

/** A validation failure, already worded for people; `issues` keeps the detail per field. */
export class ValidationError extends Error {
  override name = 'ValidationError';
  constructor(readonly issues: { path: string; message: string }[]) {
    super(issues.map((i) => i.message).join('; '));
  }
}

/**
 * What a client is told about a failure, on both APIs. 5xx answers never carry internal messages:
 * a plain sentence and the request id to quote (503 keeps its own sentence: the database is away).
 */
export function formatError(error: TRPCError, requestId: string | undefined) {
  const httpStatus = httpStatusByCode[error.code] ?? 500;
  const serverSide = httpStatus >= 500;
  const message =
    serverSide && error.code !== 'SERVICE_UNAVAILABLE'
      ? `Something went wrong on our side. Please try again. (request id ${requestId ?? 'unknown'})`
      : error.message;
  const issues = error.cause instanceof ValidationError ? error.cause.issues : undefined;
  return { httpStatus, code: error.code, message, issues, requestId: serverSide ? requestId : undefined };
}

/** Postgres SQLSTATE of a failed statement, looking through driver wrappers. */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
