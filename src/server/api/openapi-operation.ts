import type { Access } from './access';
import type { Meta, OpenApiOperation } from './trpc';

/** Methods whose request body Fastify parses (and so can refuse as malformed, too large or not JSON). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** An operation as the OpenAPI document describes it, with every failure status it can answer. */
export interface DocumentedOperation {
  operation: OpenApiOperation;
  /** HTTP status → what it means here; every one is answered with the `Error` body. */
  errors: Record<number, string>;
}

/** Whether the document asks for the session cookie or an API key (else `security: []`, open to everyone). */
const requiresCredentials = (rule: Access) => rule.kind !== 'public';

/**
 * Protection, the access sentence and the error answers follow from the access the procedure's builder
 * declared, the method and the parameters, so they cannot disagree with what is enforced; `meta.errors` adds
 * what only the operation knows (a lookup's 404, a service's 409, a rate limit's 429).
 */
export function documentedOperation(meta: Meta, takesInput: boolean): DocumentedOperation | undefined {
  const { openapi, access: rule } = meta;
  if (!openapi || !rule) return undefined;
  return {
    operation: {
      ...openapi,
      description: openapi.description ?? `${openapi.summary}. ${describeAccess(rule)}`,
      protect: requiresCredentials(rule),
      // The document lists the error answers itself (openapi/document.ts), all with the one Error schema.
      errorResponses: [],
    },
    errors: {
      // The REST adapter (rest.ts, refuseUnknownQuery) refuses a query parameter an operation does not take before
      // the procedure runs, on every operation: one that takes no parameters too.
      ...impliedErrors(rule, openapi, {
        takesInput,
        answerHoldsSecret: meta.answerHoldsSecret ?? false,
        strictQuery: true,
      }),
      ...(meta.errors as Record<number, string>),
    },
  };
}

/**
 * A plain Fastify route of the API (src/server/http) that looks its caller up (findCaller) and holds them to an
 * access rule (decideAccess) as the procedures do, documented by hand (openapi/*-paths.ts) with that very rule.
 */
export interface PlainRoute extends Pick<OpenApiOperation, 'method' | 'path'> {
  access: Access;
  /** HTTP status → what it means here: the failures only the route knows, or its own sentence for an implied one. */
  errors: Record<number, string>;
}

/**
 * A plain route's protection, access sentence and error answers, from its access rule, method and path as for a
 * procedure; a plain route reads its own query string, so it is not held to the REST adapter's refusal of
 * parameters it does not take.
 */
export function documentedPlainRoute(route: PlainRoute) {
  return {
    protect: requiresCredentials(route.access),
    accessSentence: describeAccess(route.access),
    errors: {
      ...impliedErrors(route.access, route, { takesInput: false, answerHoldsSecret: false, strictQuery: false }),
      ...route.errors,
    },
  };
}

const permissionNames = (permissions: readonly string[]) =>
  permissions.length === 1 ? `the ${permissions[0]} permission` : `one of the permissions ${permissions.join(', ')}`;

function describeAccess(rule: Access): string {
  switch (rule.kind) {
    case 'public':
      return 'Open to everyone.';
    case 'signedIn':
      return 'Requires a signed-in user or an API key.';
    case 'person': {
      const who = rule.staff ? 'a signed-in staff member, for their own' : 'a signed-in person, for their own';
      const keys = rule.or.length
        ? `an API key needs ${permissionNames(rule.or)} and acts on everyone's`
        : 'an API key gets 403';
      return `Requires ${who}; ${keys}.`;
    }
    case 'admin':
      return 'Requires the admin role.';
    case 'permission':
      return `Requires ${permissionNames(rule.permissions)} (admins hold every permission).`;
  }
}

function impliedErrors(
  rule: Access,
  { method, path }: Pick<OpenApiOperation, 'method' | 'path'>,
  {
    takesInput,
    answerHoldsSecret,
    strictQuery,
  }: {
    takesInput: boolean;
    answerHoldsSecret: boolean;
    /** A query parameter the operation does not take is refused (400). */
    strictQuery: boolean;
  },
) {
  const body = BODY_METHODS.has(method);
  const write = method !== 'GET';
  const restricted = rule.kind !== 'public' && rule.kind !== 'signedIn';
  const errors: Record<number, string> = {};
  if (takesInput || body) errors[400] = body ? 'Invalid input, or a body that is not valid JSON' : 'Invalid input';
  else if (strictQuery) errors[400] = 'A query parameter: this operation takes none';
  // A bearer key is checked on every operation, public ones too (src/server/api/bearer.ts): a bad one is 401, and
  // a keyed caller over the key's rate limit is 429.
  errors[401] =
    rule.kind === 'public' ? 'An invalid or revoked API key' : 'Not signed in, or an invalid or revoked API key';
  // The Origin check refuses a cross-site write before the operation runs (src/server/http/security.ts).
  if (restricted) errors[403] = write ? 'Not allowed, or a cross-site request' : 'Not allowed';
  else if (write) errors[403] = 'A cross-site request';
  if (/\{\w+\}/.test(path)) errors[404] = 'Not found';
  if (body) {
    errors[413] = 'The request body is over 1 MB';
    errors[415] = 'The request body is not JSON (Content-Type: application/json)';
  }
  errors[429] = "The API key's rate limit is used up; retry after Retry-After seconds";
  // Idempotency-Key (src/server/http/idempotency.ts): a repeat while the first runs, or the key used for another request;
  // an answer with a secret is not kept, so its repeat is refused too.
  if (method === 'POST') {
    Object.assign(errors, idempotencyErrors);
    if (answerHoldsSecret)
      errors[409] =
        'A request with the same Idempotency-Key is still running, or was done already and its answer held a secret shown only once';
  }
  return { ...errors, ...serverErrors };
}

/** What a POST with an Idempotency-Key can meet (src/server/http/idempotency.ts), whoever serves it. */
export const idempotencyErrors = {
  409: 'A request with the same Idempotency-Key is still running',
  422: 'This Idempotency-Key was used with a different request',
};

/** What any request can meet, procedure or plain route (431: Node's HTTP parser, before the app sees it). */
export const serverErrors = {
  431: 'The address and headers of the request are over 16 KB',
  500: 'Something went wrong on our side; the answer gives a request id to quote',
  503: 'The database is unavailable for a moment; retry after Retry-After seconds',
};
