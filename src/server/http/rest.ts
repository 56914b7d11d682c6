import type { FastifyInstance } from 'fastify';
import { fastifyTRPCOpenApiPlugin } from 'trpc-to-openapi';
import type { AppRouter } from '../../routers/index';
import { createRequestContext, type AppDeps } from '../context';

interface AdapterErrorBody {
  message: string;
  code: string;
  data?: { issues?: unknown; requestId?: string };
}

/** The adapter spreads the tRPC error shape into its body; CONTRACT.md wants exactly these fields. */
function toContractError(body: AdapterErrorBody) {
  const { message, code, data } = body;
  return { message, code, ...(data?.issues !== undefined && { issues: data.issues }), ...(data?.requestId && { requestId: data.requestId }) };
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The documented REST paths (/api/*), served from the same procedures as /api/trpc. The hooks fill the
 * gaps between CONTRACT.md and the OpenAPI adapter: bodiless writes, one 415 for non-JSON bodies.
 */
export async function registerRest(app: FastifyInstance, router: AppRouter, deps: AppDeps) {
  await app.register(async (scope) => {
    scope.addHook('preHandler', async (req, reply) => {
      if (!BODY_METHODS.has(req.method)) return;
      const contentType = req.headers['content-type'];
      if (contentType === undefined) {
        // A write with no payload is sent with no body and no Content-Type, and must succeed.
        if (req.body === undefined || req.body === null) req.headers['content-type'] = 'application/json';
        return;
      }
      if (!/^application\/json\s*(;|$)/i.test(contentType)) {
        return reply.code(415).send({ message: 'Request bodies must be JSON (Content-Type: application/json).', code: 'UNSUPPORTED_MEDIA_TYPE' });
      }
      // The adapter compares the header exactly; a charset parameter is fine.
      req.headers['content-type'] = 'application/json';
    });

    scope.addHook('onSend', async (_req, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
      return JSON.stringify(toContractError(JSON.parse(payload)));
    });

    await scope.register(fastifyTRPCOpenApiPlugin, {
      basePath: '/api',
      router,
      createContext: ({ req, res }: { req: unknown; res: unknown }) =>
        createRequestContext(deps, req as never, res as never, 'rest'),
    } as never);
  });
}
