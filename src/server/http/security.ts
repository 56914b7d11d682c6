import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Env } from '../env';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins this app is served from: the configured public URL and the host the browser addressed. */
function ownOrigins(req: FastifyRequest, env: Env) {
  return [new URL(env.publicUrl).origin, `${req.protocol}://${req.host}`];
}

/**
 * A state-changing request must come from our own pages. Browsers send Origin (and Sec-Fetch-Site) on
 * cross-site form posts and fetches, so a foreign value is refused before any handler runs. Without
 * this, tRPC would run a no-input mutation from a cross-site form post.
 */
export function isCrossSiteWrite(req: FastifyRequest, env: Env): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  return !ownOrigins(req, env).includes(origin);
}

export async function registerSecurity(app: FastifyInstance, env: Env) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // Catalogue pictures may be hosted elsewhere (admins paste image URLs).
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: env.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: env.publicUrl.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/api/') && isCrossSiteWrite(req, env)) {
      return reply.code(403).send({ message: 'Cross-site requests are not allowed.', code: 'FORBIDDEN' });
    }
  });
}
