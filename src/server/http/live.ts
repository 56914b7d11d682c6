import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../api/context';

/** Paths of the live streams (tRPC subscriptions over server-sent events). */
const LIVE_PATH = /^\/api\/trpc\/chat\.events(\?|$)/;

/**
 * Live streams' plumbing. Each stream is one long response: tRPC marks it text/event-stream with
 * `Cache-Control: no-cache, no-transform` and `X-Accel-Buffering: no` (proxies pass events on at once), and the
 * /api/trpc routes are left out of response compression (compression.ts), which would hold events back in its buffer.
 *
 * At shutdown the streams' connections are cut rather than ended: a browser's EventSource then reconnects (to
 * another instance, sending the last event id it got) instead of taking the end as "no more events".
 */
export const liveStreamsPlugin = fp(
  async (app, deps: Pick<AppDeps, 'chatHub'>) => {
    app.addHook('onReady', () => {
      void deps.chatHub
        ?.ready()
        .catch((err) => app.log.error({ err }, 'chat: listening failed; retried at the next stream'));
    });
    const open = new Set<Socket>();
    // Only the tRPC routes carry streams, so only they get these hooks (callback hooks: no promise per call);
    // every other route runs none of this.
    const track = (req: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      if (req.method === 'GET' && LIVE_PATH.test(req.url)) {
        const socket = req.raw.socket;
        open.add(socket);
        socket.once('close', () => open.delete(socket));
      }
      done();
    };
    const markUnbuffered = (
      req: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (err: null, payload: unknown) => void,
    ) => {
      // Belt and braces for proxies that look only at this header.
      if (LIVE_PATH.test(req.url) && String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream')) {
        reply.header('x-accel-buffering', 'no');
      }
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/trpc')) return;
      route.onRequest = [...toList(route.onRequest), track] as typeof route.onRequest;
      route.onSend = [...toList(route.onSend), markUnbuffered] as typeof route.onSend;
    });
    app.addHook('preClose', async () => {
      for (const socket of open) socket.destroy();
      open.clear();
      await deps.chatHub?.stop();
    });
  },
  { name: 'storefront-live-streams', fastify: '5.x' },
);

const toList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
