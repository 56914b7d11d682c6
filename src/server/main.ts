import { createDb } from '../../db/client';
import { DEMO_ADMIN_EMAIL, DEMO_EMPLOYEE_EMAIL, DEMO_PASSWORD } from './demo/seed';
import { buildApp } from './app';
import { readEnvOrExit } from './env';
import { firstAdminHint, loggerOptions, prepareDatabase } from './startup';

const env = readEnvOrExit();

const database = await createDb({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
const prepared = await prepareDatabase(database, env);

const app = await buildApp({ database, env }, { logger: await loggerOptions(env) });
await app.listen({ port: env.PORT, host: env.HOST });

const where = env.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${env.DATA_DIR}`;
app.log.info(`Storefront is running at ${env.publicUrl} on ${where}${prepared.seeded ? ' (demo data added)' : ''}.`);
app.log.info(
  `Sign in: customers and admins with "Sign In" on the home page; employees at ${env.publicUrl}/employee/login` +
    (prepared.demo ? ` (demo: ${DEMO_EMPLOYEE_EMAIL} or ${DEMO_ADMIN_EMAIL}, password ${DEMO_PASSWORD}).` : '.'),
);
if (prepared.admins === 0) app.log.warn(firstAdminHint(env));

// Time a stopping instance gives requests in flight; a load balancer's drain period should be at least this.
const SHUTDOWN_GRACE_MS = 10_000;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received: finishing open requests, then stopping.`);
  const timer = setTimeout(() => {
    app.log.error(`Shutdown took longer than ${SHUTDOWN_GRACE_MS / 1000} s; exiting.`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  timer.unref();
  // Closing the app stops claiming jobs and waits for those running; one cut off by the grace timer is run
  // again by another instance once its lease expires.
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
