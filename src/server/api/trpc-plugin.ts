import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import fp from 'fastify-plugin';
import { appRouter, type AppRouter } from '../../routers/index';
import { createRequestContext, type AppServices } from './context';
import { describeError } from './errors';
import { logFailure, retryAfterHeader } from './error-reply';

/** The typed API of the React client at /api/trpc: the same procedures as the REST paths. */
export const trpcPlugin = fp(
  async (app, deps: AppServices) => {
    await app.register(fastifyTRPCPlugin, {
      prefix: '/api/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }) => createRequestContext(deps, req, res, 'trpc'),
        // Error bodies come from the router's errorFormatter (src/server/trpc.ts); Retry-After from the same rule.
        responseMeta: ({ errors }) => retryAfterHeader(errors),
        onError: ({ error, req }) => {
          const { httpStatus, code } = describeError(error, String(req.id));
          if (httpStatus >= 500) logFailure(req, error, code);
        },
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>);
  },
  // compression must know of its routes before they exist (it leaves them uncompressed).
  {
    name: 'storefront-trpc',
    fastify: '5.x',
    dependencies: ['storefront-errors', '@fastify/cookie', 'storefront-compression'],
  },
);
