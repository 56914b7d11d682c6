import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/sessions';
import { etagMatches, negotiateEncoding, type ContentEncoding } from '../catalog/catalog-cache';
import { clientDistDir } from '../paths';

export const clientDist = clientDistDir;

/**
 * What a page fetches before its largest paint, announced in its HTML so the browser starts it beside the
 * script instead of after it. Only for a signed-in visit: a visitor on these pages is sent to sign in.
 */
const pagePreloads: Record<string, string[]> = {
  '/products': ['/api/products'],
  '/services': ['/api/services'],
};

interface PageVariant {
  etag: string;
  bodies: Record<ContentEncoding | 'identity', Buffer>;
}

/** index.html with optional preload links, compressed once per variant (there are only a handful). */
function pageVariants(template: string) {
  const variants = new Map<string, PageVariant>();
  return (preloads: string[]): PageVariant => {
    const key = preloads.join(' ');
    let variant = variants.get(key);
    if (!variant) {
      const links = preloads.map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin="use-credentials">`).join('');
      const html = Buffer.from(links ? template.replace('</title>', `</title>${links}`) : template);
      variant = {
        etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`,
        bodies: {
          identity: html,
          br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip: gzipSync(html, { level: 9 }),
        },
      };
      variants.set(key, variant);
    }
    return variant;
  };
}

const hasSessionCookie = (req: FastifyRequest) => req.headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false;

/** Serves the built React client; unknown non-API GETs get index.html so client routes work on reload. */
export async function registerClient(app: FastifyInstance) {
  const hasBuild = existsSync(`${clientDist}/index.html`);
  const page = hasBuild ? pageVariants(readFileSync(`${clientDist}/index.html`, 'utf8')) : undefined;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: clientDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (maximum compression, done once).
      preCompressed: true,
      // Otherwise `send` writes its own Cache-Control (max-age=0) over the one set below.
      cacheControl: false,
      setHeaders(res, path) {
        // Vite's hashed assets never change; everything else must be revalidated.
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/api/') && req.headers.accept?.includes('text/html');
    if (wantsPage && page) {
      const pathname = req.url.split('?')[0]!;
      const variant = page(hasSessionCookie(req) ? (pagePreloads[pathname] ?? []) : []);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Encoding, Cookie')
        .header('etag', variant.etag);
      if (etagMatches(req.headers['if-none-match'], variant.etag)) return reply.code(304).send();
      const encoding = negotiateEncoding(req.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(variant.bodies[encoding ?? 'identity']);
    }
    if (wantsPage) return reply.code(503).type('text/plain').send('The client is not built yet: run "npm run build".');
    return reply.code(404).send({ message: `No route for ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}
