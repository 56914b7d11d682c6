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
    // Live streams (server-sent events): a comment every 15 s keeps proxies and load balancers from closing an
    // idle stream, and a client that hears nothing for 40 s reconnects (resuming from its last event id).
    sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 40_000 } },
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

/** Base of every procedure: declare `meta({ access, openapi })`. */
export const procedure = t.procedure.use(guard);

/**
 * For procedures whose access implies a signed-in caller: the same guard, and ctx.user narrowed to the
 * signed-in user (the type only: passing `ctx` would make tRPC copy the whole context on every call).
 */
export const authedProcedure = t.procedure.use(async ({ meta, ctx, next }) => {
  checkAccess(meta, ctx.user);
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  const result = await next<{ user: NonNullable<typeof ctx.user> }>({});
  return result.ok ? result : mapError(result);
});

/**
 * The output schema of an answer served from the figures cache (staff/figures-cache.ts): every caller gets the
 * same object for a few seconds, so it is checked against the schema once, the first time, and that checked
 * copy is answered after (checking a customers page took a fifth of the server's time per request). The
 * OpenAPI document is made from the schema exactly as before.
 */
export function checkedOncePerValue<T extends z.ZodType>(schema: T): T {
  const checked = new WeakMap<object, Promise<z.output<T>>>();
  const copy = schema.clone() as T;
  copy.parseAsync = (value: unknown): Promise<z.output<T>> => {
    if (typeof value !== 'object' || value === null) return schema.parseAsync(value);
    let result = checked.get(value);
    if (!result) checked.set(value, (result = schema.parseAsync(value)));
    return result;
  };
  return copy;
}
