import type { AnyProcedure } from '@trpc/server';
import {
  generateOpenApiDocument,
  getInputOutputParsers,
  instanceofZodTypeObject,
  unwrapZodType,
} from 'trpc-to-openapi';
import { createSchema, type oas31, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import type { ZodType } from 'zod';
import { appRouter } from '../src/routers/index';
import { ZErrorBody } from '../src/server/api/errors';
import {
  documentedOperation,
  documentedPlainRoute,
  serverErrors,
  type PlainRoute,
} from '../src/server/api/openapi-operation';
import type { Meta } from '../src/server/api/trpc';
import { revalidatedPaths } from '../src/server/http/catalog-http';
import {
  eventSchemaName,
  webhookEventData,
  webhookEventDescriptions,
  webhookEventTypes,
  ZEvent,
  type WebhookEventType,
} from '../src/shared/webhook-schema';
import { catalogueFor } from '../src/shared/i18n/catalogues';
import { csvPaths, csvRoutes } from './csv-paths';
import { dataRightsPaths, dataRightsRoutes } from './data-rights-paths';
import { unauthenticatedErrors, unauthenticatedPaths } from './unauthenticated-paths';

/** Every tag the operations use, so the document defines each one. */
function operationTags(): string[] {
  const tags = Object.values(appRouter._def.procedures).flatMap(
    (procedure) => (procedure as unknown as ProcedureDef)._def.meta?.openapi?.tags ?? [],
  );
  return [...new Set(tags)].sort();
}

const redirect = (description: string): ZodOpenApiResponsesObject => ({
  '302': {
    description,
    headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' as const } } },
  },
});

// Browser navigations served by plain routes (src/server/http/oidc-routes.ts): not procedures, documented by hand.
// They never look at credentials (no key is checked, so no 401 or 429): open to everyone, failing only as any request.
const signInPaths: ZodOpenApiPathsObject = {
  '/login': {
    get: {
      operationId: 'signIn',
      summary: 'Start signing in',
      description: 'Redirects the browser to the identity provider (OpenID Connect). Open to everyone.',
      tags: ['auth'],
      parameters: [
        {
          name: 'returnTo',
          in: 'query' as const,
          required: false,
          description: 'Same-origin path to return to after signing in',
          schema: { type: 'string' as const },
        },
      ],
      responses: redirect('To the identity provider'),
    },
  },
  '/callback': {
    get: {
      operationId: 'signInCallback',
      summary: 'Finish signing in',
      description: 'The identity provider returns here; on success a session cookie is set. Open to everyone.',
      tags: ['auth'],
      responses: redirect('To returnTo (same-origin paths only, otherwise /) or to the sign-in error page'),
    },
  },
  '/logout': {
    get: {
      operationId: 'signOut',
      summary: 'Sign out',
      description: 'Ends the session on the server and clears the cookie. Open to everyone.',
      tags: ['auth'],
      responses: redirect('To /'),
    },
  },
};

type ProcedureDef = { _def: { meta?: Meta } };

/** The error answers of each operation, by `<method> <path>` (the generator knows only one shape per code). */
type ErrorsByOperation = Map<string, Record<number, string>>;

/**
 * The router as the generator should see it: each operation's protection and access sentence filled in from the
 * access its procedure builder declared (the generator reads only `_def`), and the error answers set aside.
 */
function documentedRouter(errorsByOperation: ErrorsByOperation): typeof appRouter {
  const procedures = Object.fromEntries(
    Object.entries(appRouter._def.procedures).map(([path, value]) => {
      const { _def } = value as unknown as ProcedureDef;
      const documented = _def.meta && documentedOperation(_def.meta, takesInput(value as unknown as AnyProcedure));
      if (!documented) return [path, value];
      const { operation, errors } = documented;
      errorsByOperation.set(`${operation.method.toLowerCase()} ${operation.path}`, errors);
      return [path, { _def: { ..._def, meta: { ..._def.meta, openapi: operation } } }];
    }),
  );
  return { ...appRouter, _def: { ...appRouter._def, procedures } } as unknown as typeof appRouter;
}

/** Whether the operation reads parameters (query, path or body fields) that validation can refuse. */
function takesInput(procedure: AnyProcedure): boolean {
  const { inputParser } = getInputOutputParsers(procedure as never);
  return instanceofZodTypeObject(unwrapZodType(inputParser as never, true));
}

const errorSchema = { $ref: '#/components/schemas/Error' };

function errorResponse(status: number, description: string) {
  return {
    description,
    ...((status === 429 || status === 503) && { headers: { 'Retry-After': headerRef('Retry-After') } }),
    content: { 'application/json': { schema: errorSchema } },
  };
}

/**
 * The response headers the server sets (src/server/app.ts, api/bearer.ts, http/idempotency.ts), declared once and
 * referenced from every answer that carries them.
 */
const responseHeaders = {
  'X-Request-Id': {
    description: 'The id of this request (the one sent in X-Request-Id, if valid): quote it to support',
    schema: { type: 'string' },
  },
  'RateLimit-Limit': {
    description: 'On answers to an API key: requests the key may make per window',
    schema: { type: 'integer', minimum: 1 },
  },
  'RateLimit-Remaining': {
    description: 'On answers to an API key: requests left in this window',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Reset': {
    description: 'On answers to an API key: seconds until the window restarts',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Policy': {
    description: 'On answers to an API key: the limit in the current draft\'s form, `"key";q=<requests>;w=<seconds>`',
    schema: { type: 'string' },
    example: '"key";q=600;w=60',
  },
  RateLimit: {
    description: 'On answers to an API key: what is left in the current draft\'s form, `"key";r=<left>;t=<seconds>`',
    schema: { type: 'string' },
    example: '"key";r=599;t=60',
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', minimum: 1 },
  },
  Link: {
    description: 'When more items follow: the next page, `<…?cursor=…>; rel="next"` (RFC 8288)',
    schema: { type: 'string' },
  },
  'Idempotent-Replayed': {
    description:
      'true when this is the kept answer to an earlier request with the same Idempotency-Key (kept refusals, 4xx, carry it too)',
    schema: { type: 'string', enum: ['true'] },
  },
} satisfies Record<string, oas31.HeaderObject>;

type HeaderName = keyof typeof responseHeaders;
const headerRef = (name: HeaderName) => ({ $ref: `#/components/headers/${name}` });
const rateLimitHeaders: HeaderName[] = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
  'RateLimit',
];

/**
 * Every answer's headers: X-Request-Id on all; the rate-limit fields on the REST operations' successes and 429s (a
 * key is checked on each, public ones too; its other refusals carry them as well, left out to keep the document
 * readable); Link on the 200 of a list that pages (it takes a `cursor`); Idempotent-Replayed on a POST's success.
 */
function addResponseHeaders(document: ReturnType<typeof generateOpenApiDocument>) {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const rest = !(path in signInPaths) && !(path in unauthenticatedPaths);
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item?.[method];
      if (!operation) continue;
      const pages = operation.parameters?.some((p) => !('$ref' in p) && p.in === 'query' && p.name === 'cursor');
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if ('$ref' in response) continue;
        const success = status.startsWith('2');
        const names: HeaderName[] = [
          'X-Request-Id',
          ...(rest && (success || status === '429') ? rateLimitHeaders : []),
          ...(pages && status === '200' ? (['Link'] as const) : []),
          ...(method === 'post' && success ? (['Idempotent-Replayed'] as const) : []),
        ];
        response.headers = { ...Object.fromEntries(names.map((name) => [name, headerRef(name)])), ...response.headers };
      }
    }
  }
  return document;
}

/**
 * The plain routes of the API that check their caller (csv-paths.ts, data-rights-paths.ts): documented by hand, with
 * the access rule each enforces, from which their protection, access sentence and error answers follow as for a
 * procedure's operation.
 */
export const plainRoutes: readonly PlainRoute[] = [...csvRoutes, ...dataRightsRoutes];

const operationKey = ({ method, path }: Pick<PlainRoute, 'method' | 'path'>) => `${method.toLowerCase()} ${path}`;

/** A protected plain route lists the credentials as the generator lists them on a protected procedure's operation. */
function describePlainRoutes(document: ReturnType<typeof generateOpenApiDocument>) {
  const credentials = Object.keys(securitySchemes).map((name) => ({ [name]: [] }));
  for (const route of plainRoutes) {
    const operation = document.paths?.[route.path]?.[route.method.toLowerCase() as 'get'];
    if (!operation) throw new Error(`${operationKey(route)}: declared but not in the document's paths`);
    const { protect, accessSentence } = documentedPlainRoute(route);
    operation.description = operation.description ? `${operation.description} ${accessSentence}` : accessSentence;
    if (protect) operation.security = credentials;
  }
  return document;
}

/** Operations open to everyone say so (`security: []`): the others list the session cookie and the API key. */
function markPublicOperations(document: ReturnType<typeof generateOpenApiDocument>) {
  for (const item of Object.values(document.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item?.[method];
      if (operation && !operation.security) operation.security = [];
    }
  }
  return document;
}

/**
 * Adds the components of a schema only the post-processing references (the error body, the events), rendered as
 * the server sends it (output, like every answer), so they are the very components the operations use.
 */
function addAnswerSchema(document: ReturnType<typeof generateOpenApiDocument>, schema: ZodType) {
  const { components } = createSchema(schema, { io: 'output' });
  const schemas = (document.components ??= {}).schemas ?? {};
  for (const [name, rendered] of Object.entries(components)) {
    if (name in schemas && JSON.stringify(schemas[name]) !== JSON.stringify(rendered))
      throw new Error(`The schema ${name} is rendered two ways: give the input and the answer different ids`);
    schemas[name] = rendered;
  }
  document.components.schemas = schemas;
}

const webhookHeaders = [
  ['webhook-id', 'The event id: the same on every retry and replay, so a receiver handles each once'],
  ['webhook-timestamp', 'Unix seconds of this attempt'],
  ['webhook-signature', 'v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}"> (Standard Webhooks)'],
] as const;

/**
 * The `webhooks` section: what each event type POSTs to an endpoint. The bodies are rendered as the server sends
 * them (output), so they are the same components the REST answers use.
 */
function addWebhooks(document: ReturnType<typeof generateOpenApiDocument>) {
  addAnswerSchema(document, ZEvent);
  const english = catalogueFor('en').messages;
  const descriptions: Record<WebhookEventType, string> = {
    ...(Object.fromEntries(webhookEventTypes.map((type) => [type, english[webhookEventDescriptions[type]]])) as Record<
      (typeof webhookEventTypes)[number],
      string
    >),
    ping: 'A test event, sent only by "Send test event"; data is the endpoint',
  };
  document.webhooks = Object.fromEntries(
    (Object.keys(webhookEventData) as WebhookEventType[]).map((type) => [
      type,
      {
        post: {
          operationId: `webhook${eventSchemaName(type).replace(/Event$/, '')}`,
          summary: descriptions[type],
          description: `Sent to every active endpoint subscribed to \`${type}\`, signed (docs/integrations.md).`,
          tags: ['webhooks'],
          security: [],
          parameters: webhookHeaders.map(([name, description]) => ({
            name,
            in: 'header' as const,
            required: true,
            description,
            schema: { type: 'string' as const },
          })),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${eventSchemaName(type)}` } } },
          },
          responses: {
            '200': { description: 'Any 2xx answer within 10 seconds acknowledges it; anything else is retried' },
          },
        },
      },
    ]),
  );
  return document;
}

const etag = {
  ETag: { description: 'Version of this answer, for If-None-Match', schema: { type: 'string' as const } },
};

/** The cached catalogue lists (src/server/http/catalog-http.ts): ETag on 200, 304 on a matching If-None-Match. */
function addRevalidation(operation: OperationObject) {
  operation.parameters = [
    ...(operation.parameters ?? []),
    {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'The ETag of a copy you hold: answered 304 with no body while it is current',
      schema: { type: 'string' },
    },
  ];
  const ok = operation.responses?.['200'];
  if (ok && !('$ref' in ok)) ok.headers = { ...ok.headers, ...etag };
  operation.responses = {
    ...operation.responses,
    '304': { description: 'Not modified: the copy named by If-None-Match is current', headers: etag },
  };
}

type OperationObject = NonNullable<NonNullable<ReturnType<typeof generateOpenApiDocument>['paths']>[string]['get']>;

/**
 * Every operation's error answers, all with the one Error schema, except one a hand-written entry gives itself (the
 * CSV import's 400 lists the file's errors).
 */
function addErrorResponses(document: ReturnType<typeof generateOpenApiDocument>, errorsByOperation: ErrorsByOperation) {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item?.[method];
      const errors = errorsByOperation.get(`${method} ${path}`);
      if (!operation || !errors) continue;
      if (method === 'get' && revalidatedPaths.includes(`/api${path}`)) addRevalidation(operation);
      for (const [status, description] of Object.entries(errors)) {
        if (operation.responses?.[status]) continue;
        operation.responses = { ...operation.responses, [status]: errorResponse(Number(status), description) };
      }
    }
  }
  return document;
}

/** A write that creates (meta `created`) answers 201 where the generator wrote 200. */
function markCreated(document: ReturnType<typeof generateOpenApiDocument>) {
  for (const value of Object.values(appRouter._def.procedures)) {
    const { openapi, created } = (value as unknown as ProcedureDef)._def.meta ?? {};
    if (!created || !openapi) continue;
    const operation = document.paths?.[openapi.path]?.[openapi.method.toLowerCase() as 'post'];
    if (!operation?.responses?.['200']) continue;
    const { '200': ok, ...rest } = operation.responses;
    operation.responses = { '201': ok, ...rest };
  }
  return document;
}

/**
 * A write's `queryFields` (src/server/api/trpc.ts) are read from the query string: the generator put them in the
 * body, so they move to query parameters, and a body left with nothing in it goes.
 */
function moveQueryFields(document: ReturnType<typeof generateOpenApiDocument>) {
  for (const value of Object.values(appRouter._def.procedures)) {
    const { openapi, queryFields } = (value as unknown as ProcedureDef)._def.meta ?? {};
    if (!openapi || !queryFields) continue;
    const operation = document.paths?.[openapi.path]?.[openapi.method.toLowerCase() as 'post'];
    const body = operation?.requestBody;
    const schema =
      body && !('$ref' in body) ? (body.content['application/json']?.schema as oas31.SchemaObject) : undefined;
    if (!operation || !schema?.properties) throw new Error(`${openapi.path}: queryFields need a JSON body schema`);
    for (const name of queryFields) {
      if (!(name in schema.properties)) throw new Error(`${openapi.path}: no input field ${name}`);
      operation.parameters = [
        ...(operation.parameters ?? []),
        {
          name,
          in: 'query',
          required: schema.required?.includes(name) ?? false,
          schema: schema.properties[name],
        },
      ];
      delete schema.properties[name];
      schema.required = schema.required?.filter((field) => field !== name);
      if (!schema.required?.length) delete schema.required;
    }
    if (!Object.keys(schema.properties).length) delete operation.requestBody;
  }
  return document;
}

const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description:
    'Makes the POST safe to retry (docs/integrations.md): a repeat with the same key and body within 24 h gets the ' +
    'first answer again with `Idempotent-Replayed: true`; the same key with another request is 422; a repeat ' +
    'while the first runs is 409. Per caller; ignored without credentials.',
  schema: { type: 'string' as const, minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
};

/** Every POST takes an Idempotency-Key (src/server/http/idempotency.ts). */
function addIdempotencyKey(document: ReturnType<typeof generateOpenApiDocument>) {
  for (const item of Object.values(document.paths ?? {})) {
    const operation = item?.post;
    if (operation) operation.parameters = [...(operation.parameters ?? []), idempotencyKey];
  }
  return document;
}

/** How a caller proves who they are: the session cookie, or an API key. */
const securitySchemes = {
  sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'Session cookie set at sign-in.' },
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key created by an admin at /admin/integrations, sent as `Authorization: Bearer <key>`. It acts ' +
      "with its permissions, cut down to its creator's current ones; keyed answers carry RateLimit-* headers.",
  },
} satisfies Record<string, oas31.SecuritySchemeObject>;

/** The document's version (semver): docs/api-changelog.md has a section for each. */
const API_VERSION = '1.6.0';

/**
 * The OpenAPI 3.1 document of every REST operation, generated from the router. A zod schema registered with an
 * `id` (`.meta({ id })`, or `z.globalRegistry.add` beside an existing one) becomes a named component that every
 * operation and webhook using it references.
 */
export function buildOpenApiDocument() {
  const errorsByOperation: ErrorsByOperation = new Map([
    ...Object.keys(signInPaths).map((path): [string, Record<number, string>] => [`get ${path}`, serverErrors]),
    ...unauthenticatedErrors,
    ...plainRoutes.map((route): [string, Record<number, string>] => [
      operationKey(route),
      documentedPlainRoute(route).errors,
    ]),
  ]);
  const document = generateOpenApiDocument(documentedRouter(errorsByOperation), {
    title: 'Storefront API',
    description:
      'REST API of the storefront: catalogue, cart, bookings, orders, chat, staff and settings. ' +
      'Authenticate with the session cookie set at sign-in, or with an API key (`Authorization: Bearer <key>`). Errors are JSON {"message", "code"}.',
    version: API_VERSION,
    baseUrl: '/api',
    securitySchemes,
    license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    contact: { name: 'Storefront', url: 'https://example.com' },
    tags: operationTags(),
    paths: { ...signInPaths, ...unauthenticatedPaths, ...csvPaths, ...dataRightsPaths },
  });
  const described = addIdempotencyKey(
    addErrorResponses(markCreated(moveQueryFields(describePlainRoutes(document))), errorsByOperation),
  );
  described.components = { ...described.components, headers: responseHeaders };
  addAnswerSchema(described, ZErrorBody);
  return addWebhooks(markPublicOperations(addResponseHeaders(described)));
}
