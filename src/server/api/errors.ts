import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../../../db/errors';
import type { Catalogue } from '../../shared/i18n/catalogue';
import { catalogueFor } from '../../shared/i18n/catalogues';
import type { Locale } from '../../shared/i18n/locales';
import { saySentence, sentence, type Sentence } from '../../shared/i18n/sentence';
import { AppError } from '../app-error';

const httpStatusByCode: Record<string, number> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

/** Seconds a client is asked to wait before retrying while the database is away (a restart takes a few). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

const codeByStatus: Record<number, string> = Object.fromEntries(
  Object.entries(httpStatusByCode)
    .filter(([code]) => code !== 'PARSE_ERROR')
    .map(([code, status]) => [status, code]),
);

/** Everything a failure answer consists of: status, body fields and the Retry-After header. */
export interface ErrorAnswer {
  httpStatus: number;
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
  requestId?: string;
  retryAfterSeconds?: number;
  /** A series' 409: the dates that are not free, as its message names them. */
  dates?: string[];
  /** A 409 for something that exists already: its id. */
  existingId?: string;
}

/**
 * The one place an error becomes an answer, for every path that answers one (tRPC, REST, plain Fastify routes,
 * Fastify's own errors): what a service threw (AppError), input that failed its schema, a lost database or
 * anything unexpected becomes status, body and Retry-After here and nowhere else.
 * 5xx answers never carry internal messages: a plain sentence and the request id to quote (503 keeps its
 * own sentence: the database is away).
 * Messages are said in `locale` (the request's, requestLocale); the code is the same in every language.
 */
export function describeError(error: unknown, requestId: string | undefined, locale: Locale = 'en'): ErrorAnswer {
  const catalogue = catalogueFor(locale);
  const known = knownError(error, catalogue);
  const httpStatus = httpStatusByCode[known.code] ?? 500;
  const serverSide = httpStatus >= 500;
  const unavailable = known.code === 'SERVICE_UNAVAILABLE';
  const said =
    serverSide && !unavailable
      ? sentence('Something went wrong on our side. Please try again. (request id {requestId})', {
          requestId: requestId ?? 'unknown',
        })
      : known.said;
  return {
    httpStatus,
    code: known.code,
    message: known.issues ? joinIssues(known.issues) : saySentence(catalogue, said),
    issues: known.issues,
    requestId: serverSide ? requestId : undefined,
    retryAfterSeconds: known.retryAfterSeconds ?? (unavailable ? UNAVAILABLE_RETRY_AFTER_SECONDS : undefined),
    dates: known.dates,
    existingId: known.existingId,
  };
}

/** What went wrong: the code, and the sentence before it is said in a language (issues are said already). */
interface KnownError extends Pick<ErrorAnswer, 'code' | 'issues' | 'retryAfterSeconds' | 'dates' | 'existingId'> {
  said: Sentence | string;
}

function knownError(error: unknown, catalogue: Catalogue): KnownError {
  // tRPC wraps whatever a procedure throws in a TRPCError; what was thrown is its cause.
  const cause = error instanceof TRPCError ? error.cause : error;
  if (cause instanceof AppError) {
    const { retryAfterSeconds, dates, existingId, field } = cause.details ?? {};
    return {
      code: cause.code,
      said: cause.said,
      retryAfterSeconds,
      existingId,
      ...(dates && { dates: [...dates] }),
      ...(field !== undefined && { issues: [{ path: field, message: saySentence(catalogue, cause.said) }] }),
    };
  }
  // Whatever wrapped it, a lost database connection is a 503 (for example a session lookup in tRPC's createContext).
  if (isDatabaseUnavailable(error) && (!(error instanceof TRPCError) || error.code === 'INTERNAL_SERVER_ERROR')) {
    return { code: 'SERVICE_UNAVAILABLE', said: UNAVAILABLE_MESSAGE };
  }
  if (error instanceof TRPCError) {
    // Input that fails its schema; a failing output schema stays a 500 (INTERNAL_SERVER_ERROR with a ZodError).
    if (error.code === 'BAD_REQUEST' && cause instanceof z.ZodError) {
      return { code: 'BAD_REQUEST', said: '', issues: validationIssues(cause, catalogue) };
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') return INTERNAL;
    return { code: error.code, said: error.message };
  }
  // Fastify's own failures (bad JSON, unsupported media type, body too large) carry a 4xx statusCode.
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const message =
      statusCode === 415 ? 'Request bodies must be JSON (Content-Type: application/json).' : (error as Error).message;
    return { code: codeByStatus[statusCode] ?? 'BAD_REQUEST', said: message };
  }
  return INTERNAL;
}

const INTERNAL: KnownError = { code: 'INTERNAL_SERVER_ERROR', said: 'Internal server error' };

/** A validation failure worded for people, per field. */
function validationIssues(error: z.ZodError, catalogue: Catalogue): { path: string; message: string }[] {
  return error.issues.map((issue) => {
    const path = issue.path.join('.');
    // Our schemas carry their own sentences; zod's defaults need the field name to make sense.
    const custom = !/^(Invalid input|Invalid option|Too (big|small)|Unrecognized key)/.test(issue.message);
    const said = custom || !path ? issue.message : zodDefaultSaid(issue, path);
    return { path, message: saySentence(catalogue, said) };
  });
}

/**
 * zod's own message about a field, said as a sentence in the request's language: a missing or mistyped field, a
 * length or size out of bounds and a value not among the allowed ones in words; anything else after the field.
 */
function zodDefaultSaid(issue: z.core.$ZodIssue, path: string) {
  if (issue.code === 'too_big' || issue.code === 'too_small') {
    const big = issue.code === 'too_big';
    const limit = Number(big ? issue.maximum : issue.minimum);
    if (issue.origin === 'string')
      return big
        ? sentence('{path} must be at most {limit, plural, one {# character} other {# characters}}', { path, limit })
        : sentence('{path} must be at least {limit, plural, one {# character} other {# characters}}', { path, limit });
    if (issue.origin === 'array' || issue.origin === 'set')
      return big
        ? sentence('{path} can have at most {limit, plural, one {# item} other {# items}}', { path, limit })
        : sentence('{path} must have at least {limit, plural, one {# item} other {# items}}', { path, limit });
    if (issue.origin === 'number' || issue.origin === 'int')
      return big
        ? sentence('{path} must be at most {limit}', { path, limit: String(limit) })
        : sentence('{path} must be at least {limit}', { path, limit: String(limit) });
  }
  if (issue.code === 'invalid_value')
    return sentence('{path} must be one of: {values}', { path, values: issue.values.map(String).join(', ') });
  if (issue.code !== 'invalid_type') return sentence('{path}: {problem}', { path, problem: issue.message });
  if (/received undefined$/.test(issue.message)) return sentence('{path} is required', { path });
  return sentence(
    '{path} must be {expected, select, string {text} number {a number} int {a whole number} boolean {true or false} array {a list} object {an object} other {{expected}}}',
    { path, expected: issue.expected },
  );
}

/** The JSON body of every failure answer (errorBody), as the OpenAPI document's `Error` schema shows it. */
export const ZErrorBody = z
  .object({
    message: z.string().meta({ description: 'What went wrong, in a sentence for people' }),
    code: z.enum(Object.keys(httpStatusByCode) as [string, ...string[]]),
    issues: z
      .array(
        z
          .object({
            path: z.string().meta({ description: 'The field, dotted (empty: the whole input)' }),
            message: z.string(),
          })
          .meta({ id: 'ValidationIssue', description: 'Why one field was refused' }),
      )
      .optional()
      .meta({ description: 'Validation failures, one per field' }),
    requestId: z.string().optional().meta({ description: 'On 5xx answers: the request id to quote to support' }),
    dates: z.array(z.string()).optional().meta({
      description:
        'On the 409 of a series (`repeat`): the dates that are not free (YYYY-MM-DD, business time zone), as the message names them',
    }),
    existingId: z.string().optional().meta({
      description: 'On the 409 of something that exists already (a customer with that e-mail): its id',
    }),
  })
  .meta({
    id: 'Error',
    description:
      'Every failure answer: {message, code}, plus issues (400), dates (409 of a series) or requestId (5xx).',
  });

/** The JSON body of a failure answer: `{message, code}`, plus `issues` (validation), `dates` or `requestId` (5xx). */
export function errorBody(answer: ErrorAnswer) {
  const { message, code, issues, requestId, dates, existingId } = answer;
  return {
    message,
    code,
    ...(issues && { issues }),
    ...(dates && { dates }),
    ...(existingId && { existingId }),
    ...(requestId && { requestId }),
  };
}

/**
 * The issues' sentences as one message, "Name is required; Price must be a number", each once (two fields may share
 * a sentence: the role names). A sentence's own full stop is kept only at the end ("Please answer \"Skin type\".; …" read badly).
 */
function joinIssues(issues: readonly { message: string }[]): string {
  const messages = [...new Set(issues.map((i) => i.message))];
  return messages.map((m, i) => (i < messages.length - 1 ? m.replace(/\.$/, '') : m)).join('; ');
}
