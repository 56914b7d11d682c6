import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { clientDistDir } from '../paths';

export const clientDist = clientDistDir;

/** Serves the built React client; unknown non-API GETs get index.html so client routes work on reload. */
export async function registerClient(app: FastifyInstance) {
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
    return reply.code(404).send({ message: `No route for ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}
