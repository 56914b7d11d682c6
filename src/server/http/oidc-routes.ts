import { randomBytes } from 'node:crypto';
import fastifyOauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { listDevAccounts } from '../auth/dev-accounts';
import { startDevIdentityProvider } from '../auth/dev-identity-provider';
import { OidcDiscovery, verifyIdToken, type DiscoveredProvider, type OidcProviderConfig } from '../auth/oidc-client';
import { chooseProvider, safeReturnTo } from '../auth/oidc-config';
import { signInWithOidc, SIGN_IN_MESSAGES } from '../auth/oidc-sign-in';
import { hitRateLimit, limits } from '../auth/rate-limit';
import { findSession, revokeSessionByToken, SESSION_COOKIE } from '../auth/sessions';
import type { AppDeps } from '../api/context';
import { AppError } from '../app-error';
import { clearSessionCookie, setSessionCookie } from './session-cookie';

// The browser-side state of one sign-in: state and PKCE verifier cookies (set by @fastify/oauth2) and
// ours with the nonce and where to go afterwards. All only ever sent to the callback, for 10 minutes.
const STATE_COOKIE = 'oidc_state';
const VERIFIER_COOKIE = 'oidc_verifier';
const FLOW_COOKIE = 'oidc_flow';
const FLOW_MAX_AGE_S = 600;
const CALLBACK_PATH = '/api/callback';

/** Why a sign-in did not happen; the client's /sign-in-error page explains each. */
export type SignInFailure =
  'cancelled' | 'expired' | 'failed' | 'unavailable' | 'deactivated' | 'unverified' | 'conflict' | 'rate-limited';

interface Flow {
  nonce: string;
  returnTo: string;
}

function readFlow(req: FastifyRequest): Flow | null {
  const raw = req.cookies[FLOW_COOKIE];
  if (!raw) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Flow>;
    return typeof parsed.nonce === 'string' ? { nonce: parsed.nonce, returnTo: safeReturnTo(parsed.returnTo) } : null;
  } catch {
    return null;
  }
}

/**
 * GET /api/login, /api/callback and /api/logout (docs/sign-in.md): OpenID Connect authorization
 * code flow with PKCE, state and nonce through @fastify/oauth2, the id_token verified with jose.
 */
export const oidcRoutesPlugin = fp(
  async (app, deps: AppDeps) => {
    const { env, database } = deps;
    const choice = chooseProvider(env);
    let config: OidcProviderConfig | null = null;
    let closeDevProvider: (() => Promise<void>) | undefined;

    if (choice.kind === 'configured') config = choice.config;
    if (choice.kind === 'development') {
      const dev = await startDevIdentityProvider({ accounts: () => listDevAccounts(database.db) });
      config = dev.config;
      closeDevProvider = dev.close;
      app.log.info(
        `No sign-in provider configured: customers and admins sign in through the local development provider at ${dev.config.issuer}.`,
      );
    }
    if (choice.kind === 'missing') app.log.error(`Customer and admin sign-in is not configured: ${choice.problem}.`);

    const discovery = config ? new OidcDiscovery(config, app.log) : null;
    discovery?.start();

    // @fastify/oauth2 registers onto an instance before it is ready, but the issuer's endpoints are only
    // known once discovery succeeds, which may be long after boot. So the plugin lives on a small
    // Fastify instance of its own, built per discovered provider; its helpers work on our requests.
    let oauth: { provider: DiscoveredProvider; namespace: Promise<OAuth2Namespace>; holder: FastifyInstance } | null =
      null;
    function oauthFor(provider: DiscoveredProvider): Promise<OAuth2Namespace> {
      if (oauth?.provider === provider) return oauth.namespace;
      const authorize = new URL(provider.authorizationEndpoint);
      const token = new URL(provider.tokenEndpoint);
      const holder = Fastify({ logger: false });
      const previous = oauth?.holder;
      const namespace = (async () => {
        await holder.register(fastifyOauth2, {
          name: 'oidc',
          scope: ['openid', 'email', 'profile'],
          credentials: {
            client: { id: config!.clientId, secret: config!.clientSecret },
            auth: {
              authorizeHost: authorize.origin,
              authorizePath: authorize.pathname,
              tokenHost: token.origin,
              tokenPath: token.pathname,
            },
          },
          callbackUri,
          pkce: 'S256',
          redirectStateCookieName: STATE_COOKIE,
          verifierCookieName: VERIFIER_COOKIE,
          cookie: flowCookieOptions(),
        });
        await holder.ready();
        await previous?.close();
        return (holder as unknown as { oidc: OAuth2Namespace }).oidc;
      })();
      oauth = { provider, namespace, holder };
      return namespace;
    }

    /** The callback is on the configured public URL; in development, wherever the browser reached us. */
    function callbackUri(req: FastifyRequest) {
      const base = env.PUBLIC_URL || env.NODE_ENV === 'production' ? env.publicUrl : `${req.protocol}://${req.host}`;
      return `${base}${CALLBACK_PATH}`;
    }

    function flowCookieOptions(req?: FastifyRequest) {
      const secure = req?.protocol === 'https' || env.publicUrl.startsWith('https://');
      return { path: CALLBACK_PATH, httpOnly: true, sameSite: 'lax' as const, secure, maxAge: FLOW_MAX_AGE_S };
    }

    function clearFlow(req: FastifyRequest, reply: FastifyReply) {
      const { maxAge: _maxAge, ...options } = flowCookieOptions(req);
      for (const name of [STATE_COOKIE, VERIFIER_COOKIE, FLOW_COOKIE])
        if (req.cookies[name] !== undefined) reply.clearCookie(name, options);
    }

    function fail(reply: FastifyReply, reason: SignInFailure) {
      return reply.header('cache-control', 'no-store').redirect(`/sign-in-error?reason=${reason}`, 302);
    }

    app.get('/api/login', async (req, reply) => {
      const provider = await discovery?.ensure();
      if (!provider) return fail(reply, 'unavailable');
      const namespace = await oauthFor(provider);
      const returnTo = safeReturnTo((req.query as { returnTo?: unknown }).returnTo);
      const nonce = randomBytes(16).toString('base64url');
      const uri = new URL(await namespace.generateAuthorizationUri(req, reply));
      uri.searchParams.set('nonce', nonce);
      reply.setCookie(
        FLOW_COOKIE,
        Buffer.from(JSON.stringify({ nonce, returnTo })).toString('base64url'),
        flowCookieOptions(req),
      );
      return reply.header('cache-control', 'no-store').redirect(uri.toString(), 302);
    });

    app.get(CALLBACK_PATH, async (req, reply) => {
      const query = req.query as { error?: unknown; code?: unknown; state?: unknown };
      const flow = readFlow(req);
      clearFlow(req, reply);
      const limit = await hitRateLimit(database.db, limits.oidcCallbackPerIp, req.ip);
      if (!limit.allowed) return fail(reply.header('retry-after', String(limit.retryAfterSeconds)), 'rate-limited');
      if (query.error !== undefined) return fail(reply, 'cancelled');
      if (!flow) return fail(reply, 'expired');
      const provider = discovery?.current();
      if (!provider) return fail(reply, 'unavailable');

      let identity;
      try {
        const namespace = await oauthFor(provider);
        // Checks state against its cookie, then exchanges the code with the PKCE verifier.
        const { token } = await namespace.getAccessTokenFromAuthorizationCodeFlow(req, reply);
        identity = await verifyIdToken(provider, config!.clientId, token.id_token, flow.nonce);
      } catch (error) {
        req.log.warn({ reason: (error as Error).message }, 'sign-in callback refused');
        return fail(reply, 'failed');
      }

      const cookieToken = req.cookies[SESSION_COOKIE];
      const previous = cookieToken ? await findSession(database.db, cookieToken) : null;
      try {
        const session = await signInWithOidc(database.db, identity, {
          adminEmails: env.ADMIN_EMAILS,
          previousSessionId: previous?.sessionId,
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        });
        setSessionCookie({ req, reply, env }, session);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        req.log.warn({ reason: error.message, email: identity.email }, 'sign-in refused');
        const reason: SignInFailure =
          error.message === SIGN_IN_MESSAGES.deactivated
            ? 'deactivated'
            : error.message === SIGN_IN_MESSAGES.unverified
              ? 'unverified'
              : 'conflict';
        return fail(reply, reason);
      }
      return reply.header('cache-control', 'no-store').redirect(flow.returnTo, 302);
    });

    // The browser navigates here to sign out (and the employee portal after its POST). Another site's link or
    // image must not sign people out (a GET carries the cookie): a navigation the browser marks as coming from
    // another site only lands on the home page, still signed in. Typed, bookmarked (none) or our own pages'
    // (same-origin) navigations, and clients that send no Sec-Fetch-Site, sign out.
    app.get('/api/logout', async (req, reply) => {
      const site = req.headers['sec-fetch-site'];
      if (site !== 'cross-site' && site !== 'same-site') {
        const token = req.cookies[SESSION_COOKIE];
        if (token) await revokeSessionByToken(database.db, token);
        clearSessionCookie({ req, reply, env });
      }
      return reply.header('cache-control', 'no-store').redirect('/', 302);
    });

    app.addHook('onClose', async () => {
      discovery?.stop();
      await oauth?.holder.close();
      await closeDevProvider?.();
    });
  },
  { name: 'storefront-oidc-routes', fastify: '5.x', dependencies: ['@fastify/cookie'] },
);
