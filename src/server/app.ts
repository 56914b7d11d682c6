import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { appRouter, type AppRouter } from '../routers/index';
import { registerCatalogHttp } from './catalog/catalog-http';
import { ChatHub } from './chat/chat-hub';
import { createRequestContext, type AppDeps } from './context';
import { registerClient } from './http/client';
import { registerDocs } from './http/docs';
import { registerHealth } from './http/health';
import { registerLiveStreams } from './http/live';
import { registerOidcRoutes } from './http/oidc-routes';
import { createMailDelivery } from './mail/delivery';
import { registerRest } from './http/rest';
import { registerSecurity } from './http/security';
import { stopSettingsCache } from './settings/settings-service';

const codeByStatus: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
}

/** The whole HTTP application, without listening: main.ts listens, tests inject. */
export async function buildApp(appDeps: AppDeps, opts: BuildAppOptions = {}) {
  const app = Fastify({
    logger: opts.logger ?? false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // tRPC batch calls put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
    // Only the configured number of proxy hops may speak for the client address (rate limits key on it).
    trustProxy: (_address: string, hop: number) => hop < appDeps.env.TRUST_PROXY_HOPS,
    bodyLimit: 1024 * 1024,
  });
  // One live chat fan-out per instance: its LISTEN and the streams it feeds end before the server closes
  // (open event streams would otherwise keep the close waiting).
  const deps: AppDeps = { ...appDeps, chatHub: appDeps.chatHub ?? new ChatHub(appDeps.database, app.log) };
  app.addHook('onReady', () => void deps.chatHub?.ready().catch((err) => app.log.error({ err }, 'chat: listening failed; retried at the next stream')));

  // Fastify's own failures (bad JSON, unsupported media type, body too large) in the contract's error shape.
  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(status).send({
        message: `Something went wrong on our side. Please try again. (request id ${req.id})`,
        code: 'INTERNAL_SERVER_ERROR',
        requestId: req.id,
      });
    }
    const message = status === 415 ? 'Request bodies must be JSON (Content-Type: application/json).' : error.message;
    return reply.code(status).send({ message, code: codeByStatus[status] ?? 'BAD_REQUEST' });
  });

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  await app.register(fastifyCookie);
  registerLiveStreams(app, deps);
  await registerSecurity(app, deps.env);
  await registerHealth(app, deps);
  app.addHook('onClose', () => stopSettingsCache(deps.database));
  // The tRPC adapter replies with a Fetch Response, which @fastify/compress re-wraps and loses the status
  // code of (errors would arrive as 200): its answers stay uncompressed. Added before compression is registered,
  // whose own onRoute hook reads the flag.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/trpc')) route.compress = false;
  });
  // Before the API and client routes: it turns on compression for the routes registered after it.
  await registerCatalogHttp(app, deps);

  await app.register(fastifyTRPCPlugin, {
    prefix: '/api/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createRequestContext(deps, req, res, 'trpc'),
      onError: ({ error, req }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error }, 'procedure failed');
      },
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);

  await registerOidcRoutes(app, deps);
  // Outbox delivery (or, without SMTP_URL, logging) runs beside the server and stops with it.
  const mail = createMailDelivery({ database: deps.database, env: deps.env, log: app.log });
  app.addHook('onReady', () => mail.start());
  app.addHook('onClose', () => mail.stop());
  await registerDocs(app);
  await registerRest(app, appRouter, deps);
  await registerClient(app);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
