import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import type { Permission } from '../../shared/roles';
import { access, decideAccess, type Access } from './access';
import type { Context } from './context';
import { formatError, toTRPCError, ValidationError } from './errors';

export interface Meta extends OpenApiMeta {
  access?: Access;
  /**
   * REST only: the input field that a bare JSON array body fills. Some clients send a list as the whole
   * body (`[...]`) where the procedure takes `{ field: [...] }`; both are then accepted (docs/api-conventions.md).
   */
  bareArrayBody?: string;
  /**
   * The failures this operation answers beyond those its access, method and parameters imply (see
   * openapi-operation.ts), by HTTP status, each with the sentence the OpenAPI document shows: a 404 for a lookup,
   * a 409 its service throws, a 429 where it is rate limited.
   */
  errors?: DeclaredErrors;
}

/** HTTP status → what it means for this operation. */
export type DeclaredErrors = Partial<Record<400 | 401 | 403 | 404 | 409 | 422 | 429, string>>;

function toValidationError(error: z.ZodError): ValidationError {
  return new ValidationError(
    error.issues.map((issue) => {
      const path = issue.path.join('.');
      // Our schemas carry their own sentences; zod's defaults need the field name to make sense.
      const custom = !/^(Invalid input|Invalid option|Too (big|small)|Unrecognized key)/.test(issue.message);
      return { path, message: custom || !path ? issue.message : `${path}: ${issue.message}` };
    }),
  );
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // Live streams (server-sent events): a comment every 15 s keeps proxies and load balancers from closing an
    // idle stream, and a client that hears nothing for 40 s reconnects (resuming from its last event id).
    sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 40_000 } },
    errorFormatter({ shape, error, ctx }) {
      const { message, ...data } = formatError(error, ctx?.requestId);
      return { message, code: shape.code, data };
    },
  });

export type OpenApiOperation = NonNullable<OpenApiMeta['openapi']>;

/**
 * Meta for a procedure that is also a documented REST operation; its access comes from the procedure builder,
 * and the error answers the OpenAPI document lists from that access, the method and `errors`.
 */
export function rest({
  errors,
  ...openapi
}: Omit<OpenApiOperation, 'protect' | 'errorResponses'> & { errors?: DeclaredErrors }): Meta {
  return { openapi: { ...openapi, protect: true }, ...(errors && { errors }) };
}

export const router = t.router;

/** Every error leaves in one of the shapes the formatter knows, validation worded for people. */
function mapError<R extends { ok: false; error: TRPCError }>(result: R): R {
  const { error } = result;
  if (error.code === 'BAD_REQUEST' && error.cause instanceof z.ZodError) {
    const cause = toValidationError(error.cause);
    throw new TRPCError({ code: 'BAD_REQUEST', message: cause.message, cause });
  }
  if (error.code === 'INTERNAL_SERVER_ERROR' && error.cause) throw toTRPCError(error.cause);
  return result;
}

function checkAccess(meta: Meta | undefined, user: Context['user']) {
  // Fail closed: a procedure that forgot to declare its access is callable by nobody.
  if (!meta?.access)
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Procedure has no access declaration' });
  const decision = decideAccess(meta.access, user);
  if (decision === 'unauthenticated')
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  if (decision === 'forbidden')
    throw new TRPCError({ code: 'FORBIDDEN', message: "You don't have permission to do that." });
}

// Error mapping and the access check are one middleware, not two: tRPC copies its call options twice for
// each middleware a call passes through, which on a small read like GET /api/auth/user is a measurable
// share of the CPU. Access is checked inside so that its refusals are mapped like every other error.
const guard = t.middleware(async ({ meta, ctx, next }) => {
  checkAccess(meta, ctx.user);
  const result = await next();
  return result.ok ? result : mapError(result);
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
  return t.procedure.meta({ access: rule }).use(async ({ meta, ctx, next }) => {
    checkAccess(meta, ctx.user);
    if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
    const result = await next<{ user: NonNullable<typeof ctx.user> }>({});
    return result.ok ? result : mapError(result);
  });
}

export const signedInProcedure = signedInBuilder(access.signedIn);
/** Any staff role: employee, admin or a custom role. */
export const staffProcedure = signedInBuilder(access.staff);
export const adminProcedure = signedInBuilder(access.admin);
/** Staff holding the permission through their role or their own grants; admins hold every permission. */
export const permissionProcedure = (permission: Permission) => signedInBuilder(access.permission(permission));
