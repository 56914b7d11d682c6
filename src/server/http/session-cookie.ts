import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/sessions';
import type { Env } from '../env';

// Transport glue, not a service: the only place that writes the session cookie.

interface HttpPair {
  req?: FastifyRequest;
  reply?: FastifyReply;
  env: Env;
}

/** Secure whenever the browser reaches us over https: directly, through a trusted proxy, or by configuration. */
function isHttps({ req, env }: HttpPair) {
  return req?.protocol === 'https' || env.publicUrl.startsWith('https://');
}

function sessionCookieOptions(ctx: HttpPair) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: isHttps(ctx) };
}

export function setSessionCookie(ctx: HttpPair, session: { token: string; expiresAt: Date }) {
  ctx.reply?.setCookie(SESSION_COOKIE, session.token, { ...sessionCookieOptions(ctx), expires: session.expiresAt });
}

export function clearSessionCookie(ctx: HttpPair) {
  ctx.reply?.clearCookie(SESSION_COOKIE, sessionCookieOptions(ctx));
}

/** What a sign-in records about the request, and the session it replaces. */
export function signInMetaOf(ctx: HttpPair & { sessionId: string | null; ip: string }) {
  return { previousSessionId: ctx.sessionId, ip: ctx.ip, userAgent: ctx.req?.headers['user-agent'] };
}
