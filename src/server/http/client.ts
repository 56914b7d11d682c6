import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { sendError } from './error-reply';

export const clientDist = fileURLToPath(new URL('../../../dist/client', import.meta.url));

/**
 * Serves the built React client; unknown non-API GETs get index.html so client routes work on reload.
 * Its not-found handler answers whatever no other route does.
 */
export const clientPlugin = fp(
  async (app) => {
    const hasBuild = existsSync(`${clientDist}/index.html`);
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: clientDist,
        wildcard: false,
        index: false,
        setHeaders(res, path) {
          // Vite's hashed assets never change; index.html must always be revalidated.
          res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler(async (req, reply) => {
      const wantsPage = req.method === 'GET' && !req.url.startsWith('/api/') && req.headers.accept?.includes('text/html');
      if (wantsPage && hasBuild) return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
      if (wantsPage) return reply.code(503).type('text/plain').send('The client is not built yet: run "npm run build".');
      return sendError(req, reply, new AppError('NOT_FOUND', `No route for ${req.method} ${req.url.split('?')[0]}`));
    });
  },
  { name: 'storefront-client', fastify: '5.x', dependencies: ['storefront-errors', 'storefront-compression'] },
);
