import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { appRouter } from '../routers/index';
import { ChatHub } from './chat/chat-hub';
import { createAppServices, type AppDeps } from './api/context';
import { catalogHttpPlugin } from './http/catalog-http';
import { clientPlugin } from './http/client';
import { compressionPlugin } from './http/compression';
import { docsPlugin } from './http/docs';
import { errorHandlingPlugin } from './api/error-reply';
import { healthPlugin } from './http/health';
import { idempotencyPlugin } from './http/idempotency';
import { jsonBodyPlugin } from './http/json-body';
import { liveStreamsPlugin } from './http/live';
import { oidcRoutesPlugin } from './http/oidc-routes';
import { paymentWebhookPlugin } from './http/payment-webhook';
import { restPlugin } from './api/rest';
import { securityHeadersFor, securityPlugin } from './http/security';
import { AppError } from './app-error';
import type { Catalogue } from '../shared/i18n/catalogue';
import { answerClientError, sendError } from './api/error-reply';
import { trpcPlugin } from './api/trpc-plugin';
import { createJobRunner } from './jobs/runner';
import { calendarFeedPlugin } from './http/calendar-feed-http';
import { csvHttpPlugin } from './http/csv-http';
import { dataRightsHttpPlugin } from './http/data-rights-http';
import { createUnsentMailLog, mailKind } from './mail/delivery';
import { appointmentJobs } from './appointments/jobs';
import { calendarJobs } from './calendars/jobs';
import { orderJobs } from './orders/jobs';
import { webhookJobs } from './webhooks/jobs';
import { calendarEnvOf } from './calendars/calendar-env';
import { queueEventsCleanup } from './webhooks/event-log';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Tests only (the pseudo-locale test): the catalogue every page carries, whatever its language. */
  pageCatalogue?: Catalogue;
}

/**
 * The whole HTTP application, without listening: main.ts listens, tests inject. Each part is a plugin
 * (src/server/http/) that names what must be registered before it; registering out of order fails at start.
 */
export async function buildApp(deps: AppDeps, opts: BuildAppOptions = {}) {
  const headersFor = securityHeadersFor(deps.env);
  const app = Fastify({
    logger: opts.logger ?? false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // tRPC batch calls put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
    // Only the configured number of proxy hops may speak for the client address (rate limits key on it).
    trustProxy: (_address: string, hop: number) => hop < deps.env.TRUST_PROXY_HOPS,
    bodyLimit: 1024 * 1024,
    // A URL Fastify cannot decode (broken percent-encoding) is refused before any hook runs, so the request id and
    // security headers the hooks would set are set here, and the answer is the house error shape.
    frameworkErrors: (error, req, reply) => {
      reply.header('x-request-id', req.id).headers(headersFor(req.url));
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      return sendError(req, reply, badUrl ? new AppError('BAD_REQUEST', 'The address is not a valid URL.') : error);
    },
    clientErrorHandler: answerClientError,
  });
  // This instance's caches and listeners: made here, handed to every request, stopped with the app. The live
  // chat fan-out (one LISTEN per instance) is stopped by the live-streams plugin before the server closes.
  const services = createAppServices({ ...deps, chatHub: deps.chatHub ?? new ChatHub(deps.database, app.log) });
  app.addHook('onClose', () => services.stop());
  app.decorate('settingsCache', services.settings);

  // Jobs (mail, webhook deliveries, subscribers of domain events, …) run beside the server; closing the app waits
  // for the ones running. Each domain lists its kinds; each kind takes from these what it needs.
  const jobDeps = {
    database: deps.database,
    env: deps.env,
    payments: services.payments,
    calendars: calendarEnvOf(deps.env),
  };
  const mail = mailKind.with(jobDeps);
  const jobs = createJobRunner({
    database: deps.database,
    log: app.log,
    jobs: [
      mail,
      ...[...appointmentJobs, ...calendarJobs, ...orderJobs, ...webhookJobs].map((kind) => kind.with(jobDeps)),
    ],
  });
  app.addHook('onReady', async () => {
    await queueEventsCleanup(deps.database.db);
    await jobs.start();
  });
  app.addHook('onClose', () => jobs.stop());
  if (!mail) {
    const unsentMail = createUnsentMailLog({ database: deps.database, log: app.log });
    app.addHook('onReady', () => unsentMail.start());
    app.addHook('onClose', () => unsentMail.stop());
  }

  await app.register(errorHandlingPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(fastifyCookie);
  await app.register(securityPlugin, { env: deps.env });
  await app.register(idempotencyPlugin, services);
  await app.register(healthPlugin, { ...deps, jobs });
  await app.register(liveStreamsPlugin, services);
  await app.register(catalogHttpPlugin, services);
  await app.register(compressionPlugin);
  await app.register(trpcPlugin, services);
  await app.register(oidcRoutesPlugin, deps);
  await app.register(paymentWebhookPlugin, services);
  await app.register(calendarFeedPlugin, services);
  await app.register(csvHttpPlugin, services);
  await app.register(dataRightsHttpPlugin, services);
  await app.register(docsPlugin);
  await app.register(restPlugin, { ...services, router: appRouter });
  await app.register(clientPlugin, { ...services, pageCatalogue: opts.pageCatalogue });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
