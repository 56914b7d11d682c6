import { TRPCError, type AnyProcedure, type AnyRouter } from '@trpc/server';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { coerceSchema, getInputOutputParsers, instanceofZodTypeObject, unwrapZodType } from 'trpc-to-openapi';
import { ZodArray, ZodOptional, type ZodObject } from 'zod';
import { createRequestContext, type AppServices } from './context';
import type { Meta } from './trpc';
import { sendError } from './error-reply';
import { checkInputText } from './input-text';
import { AppError } from '../app-error';
import { sentence } from '../../shared/i18n/sentence';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The documented REST paths (/api/*): one native Fastify route per procedure that declares
 * `meta.openapi` (trpc-to-openapi's model, which also generates the OpenAPI document), called in-process
 * through tRPC so access, validation and errors are the very same as on /api/trpc.
 *
 * Why not trpc-to-openapi's own Fastify adapter: per request it builds a Fetch Request only to obtain an
 * abort signal and scans every route's regex, which cost more than half the throughput of a small read;
 * and the API's conventions (docs/api-conventions.md) need bodiless writes, bare-array bodies, one 415 and
 * the one error body. See docs/decisions/0001-rest-adapter.md.
 */
export const restPlugin = fp(
  async (app, { router, ...deps }: AppServices & { router: AnyRouter }) => {
    for (const [path, value] of Object.entries(router._def.procedures)) {
      const procedure = value as unknown as AnyProcedure;
      const meta = procedure._def.meta as Meta | undefined;
      const openapi = meta?.openapi;
      if (!openapi || procedure._def.type === 'subscription') continue;
      const { inputParser } = getInputOutputParsers(procedure as never);
      const schema = unwrapZodType(inputParser as never, true);
      const objectSchema = instanceofZodTypeObject(schema) ? (schema as unknown as ZodObject) : undefined;
      const hasBody = BODY_METHODS.has(openapi.method);
      // Query strings are text: their numbers and booleans are coerced, as trpc-to-openapi does. JSON bodies
      // carry real types and are not (a coerced boolean would read the string "false" as true).
      if (objectSchema && !hasBody) coerceSchema(objectSchema as never);
      const arrayKeys = objectSchema
        ? Object.entries(objectSchema.shape)
            .filter(([, s]) => isArraySchema(s))
            .map(([k]) => k)
        : [];
      const takesInput = !!objectSchema;
      // What the query string may name: a read's input fields, a write's declared `queryFields`.
      const queryNames = new Set(hasBody ? (meta?.queryFields ?? []) : Object.keys(objectSchema?.shape ?? {}));

      app.route({
        method: openapi.method,
        url: `/api${openapi.path.replace(/\{(\w+)\}/g, ':$1')}`,
        config: { idempotency: { inTransaction: true, answerHoldsSecret: meta?.answerHoldsSecret ?? false } },
        handler: async (req, reply) => {
          try {
            const ctx = await createRequestContext(deps, req, reply, 'rest');
            refuseUnknownQuery(req, queryNames);
            const input = takesInput ? readInput(req, hasBody, arrayKeys, meta ?? {}) : undefined;
            // The procedure itself, found once at start-up (callTRPCProcedure would look it up per call).
            const data = await procedure({
              path,
              type: procedure._def.type,
              ctx,
              getRawInput: async () => input,
              signal: undefined,
              batchIndex: 0,
            });
            if (reply.sent) return reply;
            if (meta?.created) reply.code(201);
            return reply.code(reply.statusCode === 200 ? 200 : reply.statusCode).send(data ?? null);
          } catch (error) {
            return sendError(req, reply, error);
          }
        },
      });
    }
  },
  // After catalog-http (which swaps the handlers of the cached lists) and compression (which wraps these routes).
  {
    name: 'storefront-rest',
    fastify: '5.x',
    dependencies: ['storefront-errors', '@fastify/cookie', 'storefront-compression'],
  },
);

/**
 * A query parameter the operation does not take is refused, naming it: ignoring it would answer something the
 * caller did not ask for (`?limit=5` answered every item, `?updatedSince` misspelt answered the whole list). Every
 * operation can so answer 400, and the OpenAPI document says so of each (openapi-operation.ts).
 */
function refuseUnknownQuery(req: FastifyRequest, names: ReadonlySet<string>) {
  for (const name of Object.keys(req.query as Record<string, unknown>)) {
    if (!names.has(name))
      throw new AppError('BAD_REQUEST', sentence('This operation takes no query parameter named {name}.', { name }));
  }
}

function isArraySchema(schema: unknown) {
  return schema instanceof ZodArray || (schema instanceof ZodOptional && schema.unwrap() instanceof ZodArray);
}

/**
 * Path parameters over query (reads) or the JSON body (writes, plus their declared `queryFields`; the body was
 * checked as it was parsed, json-body.ts): its text is held to checkInputText, except path parameters, which are
 * ids (an id with odd characters names nothing: 404). A write with no body is an empty object, and a bare array
 * fills the operation's `bareArrayBody` field when it declares one.
 */
function readInput(
  req: FastifyRequest,
  hasBody: boolean,
  arrayKeys: string[],
  { bareArrayBody, queryFields = [] }: Pick<Meta, 'bareArrayBody' | 'queryFields'>,
) {
  const params = req.params as Record<string, string>;
  if (!hasBody) {
    const query = { ...(req.query as Record<string, unknown>) };
    // A single ?tag=x is still a list when the schema says so.
    for (const key of arrayKeys) if (query[key] !== undefined && !Array.isArray(query[key])) query[key] = [query[key]];
    checkInputText(query);
    return { ...query, ...params };
  }
  const contentType = req.headers['content-type'];
  if (contentType !== undefined && !/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new TRPCError({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Request bodies must be JSON (Content-Type: application/json).',
    });
  }
  const body = Array.isArray(req.body) && bareArrayBody ? { [bareArrayBody]: req.body } : (req.body ?? {});
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'The request body must be a JSON object.' });
  }
  const query = req.query as Record<string, unknown>;
  const fromQuery = Object.fromEntries(queryFields.flatMap((key) => (key in query ? [[key, query[key]]] : [])));
  checkInputText(fromQuery);
  return { ...body, ...fromQuery, ...params };
}
