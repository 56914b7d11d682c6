// eslint-disable-next-line no-restricted-imports -- HTTP plumbing of the catalogue, due to move to src/server/http
import fastifyCompress from '@fastify/compress';
// eslint-disable-next-line no-restricted-imports -- as above
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import type { SessionUser } from '../auth/sessions';
import { createRequestContext, type AppDeps } from '../context';
import { isDatabaseUnavailable } from '../errors';
import { etagMatches, negotiateEncoding, type SerializedView } from './catalog-cache';
import { featuredProductsView, productListView } from './product-service';
import { featuredServicesView, serviceListView } from './services-service';

type ViewFor = (database: Database, viewer: SessionUser | null) => Promise<SerializedView<unknown>>;

/**
 * The four catalogue lists over REST, answered from the serialized cache: the same JSON as their
 * procedures (src/routers/products.ts, services.ts), but without validating and serializing per request,
 * with ETag/304 and pre-compressed gzip/brotli.
 *
 * The routes themselves are the REST adapter's (http/rest.ts registers one per procedure, and the procedure
 * stays the single definition of the operation: public access, OpenAPI document, tRPC). An onRoute hook
 * swaps the handler of those four GETs for one that answers from the cache. (A preHandler that replies is
 * not enough: with an async onSend hook pending, Fastify still runs the route handler afterwards.)
 *
 * Also turns on response compression for the routes registered after this (tRPC, REST, the client).
 */
export async function registerCatalogHttp(app: FastifyInstance, deps: AppDeps) {
  const views = new Map<string, { viewFor: ViewFor; dependsOnViewer: boolean }>([
    ['/api/products', { viewFor: productListView, dependsOnViewer: true }],
    ['/api/products/featured', { viewFor: (database) => featuredProductsView(database), dependsOnViewer: false }],
    ['/api/services', { viewFor: serviceListView, dependsOnViewer: true }],
    ['/api/services/featured', { viewFor: (database) => featuredServicesView(database), dependsOnViewer: false }],
  ]);

  app.addHook('onRoute', (route) => {
    const view = views.get(route.url ?? route.path);
    const methods = [route.method].flat();
    if (!view || !methods.includes('GET')) return;
    // Our bytes are compressed already (or deliberately not); the global on-the-fly compression stays off.
    route.compress = false;
    const answerFromCache = async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        // Staff see inactive items too; the session is looked up only when a cookie could name one.
        const viewer = view.dependsOnViewer && req.headers.cookie ? (await createRequestContext(deps, req, reply, 'rest')).user : null;
        return await sendView(req, reply, await view.viewFor(deps.database, viewer));
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        return reply.code(503).send({ message: 'The service is temporarily unavailable. Please try again in a moment.', code: 'SERVICE_UNAVAILABLE' });
      }
    };
    route.handler = answerFromCache;
  });

  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Request bodies stay plain JSON: CONTRACT.md accepts application/json only.
    globalDecompression: false,
  });
}

async function sendView(req: FastifyRequest, reply: FastifyReply, view: SerializedView<unknown>) {
  // Revalidate every time (a write must show at once), cheaply: a matching ETag answers 304 with no body.
  // The answer depends on who asks (staff see more) and on the encoding.
  reply.header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding, Cookie').header('etag', view.etag);
  if (etagMatches(req.headers['if-none-match'], view.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.send(view.body);
  const body = await view.encoded(encoding);
  return reply.header('content-encoding', encoding).send(body);
}
