import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z } from 'zod';
import { decideAccess, type Access } from './access';
import type { Context } from './context';
import { formatError, toTRPCError, ValidationError } from './errors';

export interface Meta extends OpenApiMeta {
  access?: Access;
  /**
   * REST only: the input field that a bare JSON array body fills. Some clients send a list as the whole
   * body (`[...]`) where the procedure takes `{ field: [...] }`; both are then accepted (docs/api-conventions.md).
   */
  bareArrayBody?: string;
}

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
    errorFormatter({ shape, error, ctx }) {
      const { message, ...data } = formatError(error, ctx?.requestId);
      return { message, code: shape.code, data };
    },
  });

type OpenApiOperation = NonNullable<OpenApiMeta['openapi']>;

/** Meta for a procedure that is also a documented REST operation. */
export function rest(rule: Access, openapi: Omit<OpenApiOperation, 'protect'>): Meta {
  const protect = rule.kind !== 'public';
  return {
    access: rule,
    openapi: {
      ...openapi,
      description: openapi.description ?? `${openapi.summary}. ${describeAccess(rule)}`,
      protect,
      errorResponses: openapi.errorResponses ?? errorResponsesFor(rule, openapi.method),
    },
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

/** Outermost: every error leaves in one of the shapes the formatter knows, validation worded for people. */
const errorMapping = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const { error } = result;
  if (error.code === 'BAD_REQUEST' && error.cause instanceof z.ZodError) {
    const cause = toValidationError(error.cause);
    throw new TRPCError({ code: 'BAD_REQUEST', message: cause.message, cause });
  }
  if (error.code === 'INTERNAL_SERVER_ERROR' && error.cause) throw toTRPCError(error.cause);
  return result;
});

const enforceAccess = t.middleware(({ meta, ctx, next }) => {
  // Fail closed: a procedure that forgot to declare its access is callable by nobody.
  if (!meta?.access) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Procedure has no access declaration' });
  const decision = decideAccess(meta.access, ctx.user);
  if (decision === 'unauthenticated') throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  if (decision === 'forbidden') throw new TRPCError({ code: 'FORBIDDEN', message: "You don't have permission to do that." });
  return next();
});

/** Base of every procedure: declare `meta({ access, openapi })`. */
export const procedure = t.procedure.use(errorMapping).use(enforceAccess);

/** For procedures whose access implies a signed-in caller: narrows ctx.user. */
export const authedProcedure = procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  return next({ ctx: { user: ctx.user } });
});
