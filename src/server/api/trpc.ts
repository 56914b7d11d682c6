import { initTRPC, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/unstable-core-do-not-import';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Permission } from '../../shared/roles';
import { access, decideAccess, type Access } from './access';
import type { Context } from './context';
import { describeError } from './errors';

export interface Meta extends OpenApiMeta {
  access?: Access;
  /**
   * REST only: the input field that a bare JSON array body fills. Some clients send a list as the whole
   * body (`[...]`) where the procedure takes `{ field: [...] }`; both are then accepted (docs/api-conventions.md).
   */
  bareArrayBody?: string;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // Live streams (server-sent events): a comment every 15 s keeps proxies and load balancers from closing an
    // idle stream, and a client that hears nothing for 40 s reconnects (resuming from its last event id).
    sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 40_000 } },
    errorFormatter({ shape, error, ctx }) {
      const { httpStatus, code, message, issues, requestId } = describeError(error, ctx?.requestId);
      return {
        message,
        code: TRPC_ERROR_CODES_BY_KEY[code as TRPC_ERROR_CODE_KEY] ?? shape.code,
        data: { httpStatus, code, issues, requestId },
      };
    },
  });

type OpenApiOperation = NonNullable<OpenApiMeta['openapi']>;

/** Meta for a procedure that is also a documented REST operation; its access comes from the procedure builder. */
export function rest(openapi: Omit<OpenApiOperation, 'protect'>): Meta {
  return { openapi: { ...openapi, protect: true } };
}

/**
 * The operation as the OpenAPI document describes it: protection, the access sentence and the error answers
 * follow from the access the procedure's builder declared, so they cannot disagree with what is enforced.
 */
export function documentedOperation(meta: Meta): OpenApiOperation | undefined {
  const { openapi, access: rule } = meta;
  if (!openapi || !rule) return openapi;
  return {
    ...openapi,
    description: openapi.description ?? `${openapi.summary}. ${describeAccess(rule)}`,
    protect: rule.kind !== 'public',
    errorResponses: openapi.errorResponses ?? errorResponsesFor(rule, openapi.method),
  };
}

function describeAccess(rule: Access): string {
  switch (rule.kind) {
    case 'public':
      return 'Open to everyone.';
    case 'signedIn':
      return 'Requires a signed-in user.';
    case 'staff':
      return 'Requires a staff role (employee, admin or a custom role).';
    case 'admin':
      return 'Requires the admin role.';
    case 'permission':
      return `Requires the ${rule.permission} permission (admins hold every permission).`;
  }
}

function errorResponsesFor(rule: Access, method: OpenApiOperation['method']): Record<number, string> {
  const responses: Record<number, string> = {};
  if (method !== 'GET') responses[400] = 'Invalid input';
  if (rule.kind !== 'public') responses[401] = 'Not signed in';
  if (rule.kind === 'staff' || rule.kind === 'admin' || rule.kind === 'permission') responses[403] = 'Not allowed';
  return responses;
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
}

// One middleware per procedure: tRPC copies its call options twice for each middleware a call passes
// through, which on a small read like GET /api/auth/user is a measurable share of the CPU. Errors are not
// mapped here: describeError (errors.ts) turns whatever was thrown into the answer, once, for both adapters.
const guard = t.middleware(({ meta, ctx, next }) => {
  checkAccess(meta, ctx.user);
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
  return t.procedure.meta({ access: rule }).use(({ meta, ctx, next }) => {
    checkAccess(meta, ctx.user);
    if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
    return next<{ user: NonNullable<typeof ctx.user> }>({});
  });
}

export const signedInProcedure = signedInBuilder(access.signedIn);
/** Any staff role: employee, admin or a custom role. */
export const staffProcedure = signedInBuilder(access.staff);
export const adminProcedure = signedInBuilder(access.admin);
/** Staff holding the permission through their role or their own grants; admins hold every permission. */
export const permissionProcedure = (permission: Permission) => signedInBuilder(access.permission(permission));
