import { initTRPC, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/unstable-core-do-not-import';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { integrationMessages } from '../../shared/integrations-schema';
import type { Permission } from '../../shared/roles';
import { access, decideAccess, type Access } from './access';
import type { Context } from './context';
import { describeError } from './errors';
import { checkInputText } from './input-text';
import { requestLocale } from './request-locale';

export interface Meta extends OpenApiMeta {
  access?: Access;
  /**
   * REST only: the input field that a bare JSON array body fills. Some clients send a list as the whole
   * body (`[...]`) where the procedure takes `{ field: [...] }`; both are then accepted (docs/api-conventions.md).
   */
  bareArrayBody?: string;
  /**
   * REST only: input fields of a write that come from the query string instead of the body (text, like any query
   * parameter), e.g. `POST /appointments/{id}/cancel?scope=series`, a write that otherwise has no body.
   */
  queryFields?: string[];
  /** REST only: a write that creates a resource answers 201 Created (the document says so) instead of 200. */
  created?: boolean;
  /**
   * The failures this operation answers beyond those its access, method and parameters imply (see
   * openapi-operation.ts), by HTTP status, each with the sentence the OpenAPI document shows: a 404 for a lookup,
   * a 409 its service throws, a 429 where it is rate limited.
   */
  errors?: DeclaredErrors;
  /**
   * REST: the answer carries a secret shown only once (an API key, a signing secret, a feed address), so an
   * Idempotency-Key never keeps it and a repeat of the request is refused instead of shown it again (409).
   */
  answerHoldsSecret?: true;
}

/** HTTP status → what it means for this operation. */
export type DeclaredErrors = Partial<Record<400 | 401 | 403 | 404 | 409 | 422 | 429, string>>;

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // Live streams (server-sent events): a comment every 15 s keeps proxies and load balancers from closing an
    // idle stream, and a client that hears nothing for 40 s reconnects (resuming from its last event id).
    sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 40_000 } },
    errorFormatter({ shape, error, ctx }) {
      const { httpStatus, code, message, issues, requestId, dates, existingId } = describeError(
        error,
        ctx?.requestId,
        requestLocale(ctx?.req),
      );
      return {
        message,
        code: TRPC_ERROR_CODES_BY_KEY[code as TRPC_ERROR_CODE_KEY] ?? shape.code,
        data: { httpStatus, code, issues, requestId, dates, existingId },
      };
    },
  });

export type OpenApiOperation = NonNullable<OpenApiMeta['openapi']>;

/**
 * Meta for a procedure that is also a documented REST operation; its access comes from the procedure builder,
 * and the error answers the OpenAPI document lists from that access, the method and `errors`.
 */
export function rest({
  errors,
  queryFields,
  answerHoldsSecret,
  created,
  ...openapi
}: Omit<OpenApiOperation, 'protect' | 'errorResponses'> & { errors?: DeclaredErrors } & Pick<
    Meta,
    'queryFields' | 'answerHoldsSecret' | 'created'
  >): Meta {
  return {
    openapi: { ...openapi, protect: true },
    ...(errors && { errors }),
    ...(queryFields && { queryFields }),
    ...(answerHoldsSecret && { answerHoldsSecret }),
    ...(created && { created }),
  };
}

export const router = t.router;

function checkAccess(meta: Meta | undefined, user: Context['user']) {
  // Fail closed: a procedure that forgot to declare its access is callable by nobody.
  if (!meta?.access)
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Procedure has no access declaration' });
  const decision = decideAccess(meta.access, user);
  if (decision === 'unauthenticated')
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  if (decision === 'forbidden')
    throw new TRPCError({ code: 'FORBIDDEN', message: "You don't have permission to do that." });
  if (decision === 'program') throw new TRPCError({ code: 'FORBIDDEN', message: integrationMessages.notAPerson });
}

/**
 * tRPC's adapter parses its input itself (the body, or `?input=` of a query), so its text is checked here; the
 * REST paths check theirs as they read it (json-body.ts, rest.ts), where a path parameter stays an id that is
 * 404 when it names nothing.
 */
async function checkTrpcInput(ctx: Context, getRawInput: () => Promise<unknown>) {
  if (ctx.transport === 'trpc') checkInputText(await getRawInput());
}

// One middleware per procedure: tRPC copies its call options twice for each middleware a call passes
// through, which on a small read like GET /api/auth/user is a measurable share of the CPU. Errors are not
// mapped here: describeError (errors.ts) turns whatever was thrown into the answer, once, for both adapters.
const guard = t.middleware(async ({ meta, ctx, next, getRawInput }) => {
  checkAccess(meta, ctx.user);
  await checkTrpcInput(ctx, getRawInput);
  return next();
});

/**
 * The procedure builders are the access declarations: a procedure is built from exactly one of them, and
 * `npm run access-table` writes the checked-in table of who may call what from the router.
 */
export const publicProcedure = t.procedure.meta({ access: access.public }).use(guard);

/**
 * For access that implies a signed-in caller: the same guard, and ctx.user narrowed to the signed-in user (the
 * type only: passing `ctx` would make tRPC copy the whole context on every call).
 */
function signedInBuilder(rule: Access) {
  return t.procedure.meta({ access: rule }).use(async ({ meta, ctx, next, getRawInput }) => {
    checkAccess(meta, ctx.user);
    if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
    await checkTrpcInput(ctx, getRawInput);
    return next<{ user: NonNullable<typeof ctx.user> }>({});
  });
}

/** Anyone signed in, an API key too: for operations that touch nothing of the caller's own. */
export const signedInProcedure = signedInBuilder(access.signedIn);
/**
 * The caller's own things (cart, profile, chat, bookings), never an API key's; a key holding one of `or` may call
 * it, and then acts on everyone's (the service decides by the permission, never by the key creator's identity).
 */
export const personProcedure = (...or: Permission[]) => signedInBuilder(access.person(...or));
/** A staff member's own portal, week and calendar feed, in person; as personProcedure for keys. */
export const staffPersonProcedure = (...or: Permission[]) => signedInBuilder(access.staffPerson(...or));
export const adminProcedure = signedInBuilder(access.admin);
/** Staff holding one of the permissions through their role or their own grants; admins hold every permission. */
export const permissionProcedure = (...permissions: [Permission, ...Permission[]]) =>
  signedInBuilder(access.permission(...permissions));
