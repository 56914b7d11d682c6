import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { AppDeps } from '../api/context';
import { describeError } from '../api/errors';
import type { JobRunner } from '../jobs/runner';

/**
 * Liveness: the process answers. Readiness: it can also reach its database (503, with Retry-After, when not).
 * Readiness also counts stuck and failed jobs for operators; those don't make the instance unready (a
 * restart would not help them), the log says why each failed.
 */
export const healthPlugin = fp(
  async (app, deps: AppDeps & { jobs: Pick<JobRunner, 'stats'> }) => {
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (req, reply) => {
      try {
        await deps.database.db.execute(sql`select 1`);
        return { status: 'ready', jobs: await deps.jobs.stats() };
      } catch (error) {
        const { retryAfterSeconds } = describeError(error, String(req.id));
        if (retryAfterSeconds) reply.header('retry-after', String(retryAfterSeconds));
        return reply.code(503).send({ status: 'unavailable', message: 'Database is not reachable.' });
      }
    });
  },
  { name: 'storefront-health', fastify: '5.x' },
);
