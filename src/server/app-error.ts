export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'UNPROCESSABLE_CONTENT'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

/**
 * The one error type services throw. The message is shown to people, so write it for them. This file imports
 * nothing, so every layer (services, jobs, the API layer) can depend on it without depending on each other.
 */
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
