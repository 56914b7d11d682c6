import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';

export async function registerHealth(app: FastifyInstance, deps: AppDeps) {
  // Liveness: the process answers. Readiness: it can also reach its database.
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await deps.database.db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', message: 'Database is not reachable.' });
    }
  });
}
