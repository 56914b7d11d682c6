import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../env';
import { AppError } from '../app-error';
import { sendError } from '../api/error-reply';
import { bearerToken } from '../api/bearer';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one <style> element the pages' components add: a select's list (Radix Select) hides its scrollbar with it.
 * The policy allows no other inline style, so it names this one by the hash of its text (security.test.ts checks
 * it against the installed package); refused, it was a console error on every page with such a select.
 */
export const SELECT_LIST_STYLE = "'sha256-441zG27rExd4/il+NvIqyL8zFx5XmyNQtE381kSkUJk='";

/** The origins this app is served from: the configured public URL and the host the browser addressed. */
function ownOrigins(req: FastifyRequest, env: Env) {
  return [new URL(env.publicUrl).origin, `${req.protocol}://${req.host}`];
}

/**
 * A state-changing request must come from our own pages. Browsers send Origin (and Sec-Fetch-Site) on
 * cross-site form posts and fetches, so a foreign value is refused before any handler runs. Without
 * this, tRPC would run a no-input mutation from a cross-site form post.
 */
function isCrossSiteWrite(req: FastifyRequest, env: Env): boolean {
  if (SAFE_METHODS.has(req.method)) return false;
  // A bearer request carries no ambient credential (it never falls back to the cookie), so a foreign page
  // cannot make one on a visitor's behalf; programs calling from anywhere are the point of keys.
  if (bearerToken(req.headers.authorization) !== undefined) return false;
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  return !ownOrigins(req, env).includes(origin);
}

/**
 * helmet's policy, evaluated once. The headers do not depend on the request, so they are computed at
 * start-up and copied onto every reply (@fastify/helmet rebuilds the helmet middleware on every request,
 * which measured as 7-9% of the CPU of a small API read; see docs/decisions/0002-security-headers.md).
 */
function securityHeaders(env: Env): Record<string, string> {
  const https = env.publicUrl.startsWith('https:');
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", SELECT_LIST_STYLE],
        // Catalogue pictures may be hosted elsewhere (admins paste image URLs). The app's own pictures carry its
        // public address, which a page opened at another of the server's addresses (127.0.0.1 for localhost) needs.
        imgSrc: ["'self'", new URL(env.publicUrl).origin, 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  });
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * What API answers (JSON, redirects) need of those: they are never rendered as documents, so a policy that
 * loads nothing and frames nothing, nosniff, the referrer policy and HSTS. Half the header bytes of the page
 * policy on the hottest answers (the OWASP REST cheat sheet's set). /api/docs brings its own CSP.
 */
function apiSecurityHeaders(env: Env): Record<string, string> {
  const page = securityHeaders(env);
  const keep = [
    'x-content-type-options',
    'referrer-policy',
    'strict-transport-security',
    'cross-origin-resource-policy',
  ];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    ...Object.fromEntries(keep.filter((name) => page[name] !== undefined).map((name) => [name, page[name]!])),
  };
}

/**
 * The security headers of an answer to `url`, for answers made before any hook runs (Fastify's frameworkErrors:
 * a URL it cannot decode).
 */
export function securityHeadersFor(env: Env): (url: string) => Record<string, string> {
  const pageHeaders = securityHeaders(env);
  const apiHeaders = apiSecurityHeaders(env);
  // The catalogue's pictures are public, and are loaded from the public address by pages on any of the server's.
  const pictureHeaders = { ...pageHeaders, 'cross-origin-resource-policy': 'cross-origin' };
  return (url) => (url.startsWith('/api/') ? apiHeaders : url.startsWith('/catalog/') ? pictureHeaders : pageHeaders);
}

/** Security headers on every answer; cross-site writes to the API refused before any handler runs. */
export const securityPlugin = fp(
  async (app, { env }: { env: Env }) => {
    const headersFor = securityHeadersFor(env);
    // A callback hook: this runs on every request, and an async one costs a promise each time.
    app.addHook('onRequest', (req, reply, done) => {
      reply.headers(headersFor(req.url));
      if (req.url.startsWith('/api/') && isCrossSiteWrite(req, env)) {
        sendError(req, reply, new AppError('FORBIDDEN', 'Cross-site requests are not allowed.'));
        return;
      }
      done();
    });
  },
  { name: 'storefront-security', fastify: '5.x', dependencies: ['storefront-errors'] },
);
