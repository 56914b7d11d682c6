import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { AppDeps } from '../api/context';
import { describeError } from '../api/errors';

/** Liveness: the process answers. Readiness: it can also reach its database (503, with Retry-After, when not). */
export const healthPlugin = fp(
  async (app, deps: AppDeps) => {
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (req, reply) => {
      try {
        await deps.database.db.execute(sql`select 1`);
        return { status: 'ready' };
      } catch (error) {
        const { retryAfterSeconds } = describeError(error, String(req.id));
        if (retryAfterSeconds) reply.header('retry-after', String(retryAfterSeconds));
        return reply.code(503).send({ status: 'unavailable', message: 'Database is not reachable.' });
      }
    });
  },
  { name: 'storefront-health', fastify: '5.x' },
);
