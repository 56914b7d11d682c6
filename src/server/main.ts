import { createDb } from '../../db/client';
import { DEMO_ADMIN_EMAIL, DEMO_EMPLOYEE_EMAIL, DEMO_PASSWORD, seedDemoData } from '../../db/seed';
import { buildApp } from './app';
import { readEnvOrExit } from './env';

const env = readEnvOrExit();

const database = await createDb({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await database.migrate();
const seeded = await seedDemoData(database.db, { publicUrl: env.publicUrl });

const app = await buildApp({ database, env }, { logger: { level: env.LOG_LEVEL } });
await app.listen({ port: env.PORT, host: env.HOST });

const where = env.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${env.DATA_DIR}`;
app.log.info(`Storefront is running at ${env.publicUrl} on ${where}${seeded ? ' (demo data added)' : ''}.`);
app.log.info(
  `Sign in: customers and admins with "Sign In" on the home page; employees at ${env.publicUrl}/employee/login ` +
    `(demo: ${DEMO_EMPLOYEE_EMAIL} or ${DEMO_ADMIN_EMAIL}, password ${DEMO_PASSWORD}).`,
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received: finishing open requests, then stopping.`);
  const timer = setTimeout(() => {
    app.log.error('Shutdown took longer than 10 s; exiting.');
    process.exit(1);
  }, 10_000);
  timer.unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
