import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '../auth/sessions';
import { etagMatches, negotiateEncoding, type CatalogCache, type SerializedView } from '../catalog/catalog-cache';
import { featuredProductsView, productListView } from '../catalog/product-service';
import { featuredServicesView, serviceListView } from '../catalog/services-service';
import { createRequestContext, type AppServices } from '../api/context';
import type { CatalogListPath } from '../../shared/page-state';

type ViewFor = (catalog: CatalogCache, viewer: SessionUser | null) => Promise<SerializedView<unknown>>;

const views = new Map<CatalogListPath, { viewFor: ViewFor; dependsOnViewer: boolean }>([
  ['/api/products', { viewFor: productListView, dependsOnViewer: true }],
  ['/api/products/featured', { viewFor: (catalog) => featuredProductsView(catalog), dependsOnViewer: false }],
  ['/api/services', { viewFor: serviceListView, dependsOnViewer: true }],
  ['/api/services/featured', { viewFor: (catalog) => featuredServicesView(catalog), dependsOnViewer: false }],
]);

/** The REST paths answered with an ETag and 304 on a matching If-None-Match (the OpenAPI document says so). */
export const revalidatedPaths: readonly string[] = [...views.keys()];

/** A list as its REST path answers `viewer`: what a page carries for its first screen (client.ts). */
export function catalogListView(
  path: CatalogListPath,
  catalog: CatalogCache,
  viewer: SessionUser | null,
): Promise<SerializedView<unknown>> {
  return views.get(path)!.viewFor(catalog, viewer);
}

/**
 * The four catalogue lists over REST, answered from the serialized cache: the same JSON as their
 * procedures (src/routers/products.ts, services.ts), but without validating and serializing per request,
 * with ETag/304 and pre-compressed gzip/brotli.
 *
 * The routes themselves are the REST adapter's (rest.ts registers one per procedure, and the procedure
 * stays the single definition of the operation: public access, OpenAPI document, tRPC). An onRoute hook
 * swaps the handler of those four GETs for one that answers from the cache. (A preHandler that replies is
 * not enough: with an async onSend hook pending, Fastify still runs the route handler afterwards.)
 * Failures (the database away) reach the app's error handler like any route's.
 */
export const catalogHttpPlugin = fp(
  async (app, deps: AppServices) => {
    app.addHook('onRoute', (route) => {
      const view = views.get((route.url ?? route.path) as CatalogListPath);
      const methods = [route.method].flat();
      if (!view || !methods.includes('GET')) return;
      // Our bytes are compressed already (or deliberately not); on-the-fly compression stays off.
      route.compress = false;
      const { handler } = route;
      route.handler = async function (this: unknown, req: FastifyRequest, reply: FastifyReply) {
        // A page (or an unknown parameter, refused) is the procedure's to answer: the cache holds the whole list.
        if (Object.keys(req.query as object).length) return handler.call(this as never, req, reply);
        // Staff see inactive items too; the caller is looked up only when a cookie could name one. A keyed
        // request is always checked, so a bad key is refused and the key's limit counts this read.
        const viewer =
          (view.dependsOnViewer && req.headers.cookie) || req.headers.authorization
            ? (await createRequestContext(deps, req, reply, 'rest')).user
            : null;
        return sendView(req, reply, await view.viewFor(deps.catalog, viewer));
      };
    });
  },
  // Its onRoute hook must see the REST routes and run before compression decides about them.
  { name: 'storefront-catalog-http', fastify: '5.x', dependencies: ['storefront-errors', '@fastify/cookie'] },
);

async function sendView(req: FastifyRequest, reply: FastifyReply, view: SerializedView<unknown>) {
  // Revalidate every time (a write must show at once), cheaply: a matching ETag answers 304 with no body.
  // The answer depends on who asks (staff see more) and on the encoding.
  reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Accept-Encoding, Cookie, Authorization')
    .header('etag', view.etag);
  if (etagMatches(req.headers['if-none-match'], view.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.send(view.body);
  const body = await view.encoded(encoding);
  return reply.header('content-encoding', encoding).send(body);
}
