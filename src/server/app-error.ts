import { englishOf, type Sentence } from '../shared/i18n/sentence';

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
 * What an answer carries beside its sentence, for a client that acts on it rather than shows it: Retry-After, or
 * the dates a series could not have (`YYYY-MM-DD` of the business zone), which a page writes in its own language.
 */
interface AppErrorDetails {
  retryAfterSeconds?: number;
  dates?: readonly string[];
  /** A 409 for something that exists already: the id of what exists, to use instead. */
  existingId?: string;
  /** A 400 about one field of the input, found wrong past its schema: its path, the answer's `issues` entry. */
  field?: string;
}

/**
 * The one error type services throw. The message is shown to people, so write it for them: a sentence, or a
 * `sentence(template, values)` when it names values, so the answer can say it in the request's language
 * (`.message` is the English). This file depends on nothing of the server, so every layer (services, jobs, the
 * API layer) can depend on it without depending on each other.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: AppErrorCode,
    readonly said: Sentence | string,
    readonly details?: AppErrorDetails,
  ) {
    super(englishOf(said));
  }
}
