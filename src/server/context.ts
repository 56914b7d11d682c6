import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { findSession, SESSION_COOKIE, type SessionUser } from './auth/sessions';
import type { ChatHub } from './chat/chat-hub';
import type { Env } from './env';

/** What every request shares: the database and configuration, built once at start-up. */
export interface AppDeps {
  database: Database;
  env: Env;
  /** This instance's live chat fan-out; buildApp creates it. */
  chatHub?: ChatHub;
}

export interface Context extends AppDeps {
  db: Database['db'];
  user: SessionUser | null;
  sessionId: string | null;
  requestId: string;
  ip: string;
  /** Which adapter the call came through; errors are shaped for that client. */
  transport: 'trpc' | 'rest' | 'internal';
  req?: FastifyRequest;
  reply?: FastifyReply;
}

/** A context from its parts; the HTTP adapters build theirs with createRequestContext. */
export function createContextInner(
  deps: AppDeps,
  opts: Partial<Pick<Context, 'user' | 'sessionId' | 'requestId' | 'ip' | 'transport' | 'req' | 'reply'>> = {},
): Context {
  return {
    ...deps,
    db: deps.database.db,
    user: opts.user ?? null,
    sessionId: opts.sessionId ?? null,
    requestId: opts.requestId ?? 'internal',
    ip: opts.ip ?? '127.0.0.1',
    transport: opts.transport ?? 'internal',
    req: opts.req,
    reply: opts.reply,
  };
}

export async function createRequestContext(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  transport: 'trpc' | 'rest',
): Promise<Context> {
  const token = req.cookies?.[SESSION_COOKIE];
  const session = token ? await findSession(deps.database.db, token) : null;
  return createContextInner(deps, {
    user: session?.user ?? null,
    sessionId: session?.sessionId ?? null,
    requestId: String(req.id),
    ip: req.ip,
    transport,
    req,
    reply,
  });
}
