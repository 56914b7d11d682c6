import { readEnvOrExit } from '../env';
import { createDb } from '../../../db/client';
import { DEMO_PASSWORD, seedDemoData } from '../demo/seed';

// Explicit, so it works in any environment, production included: the demo accounts share a published password.
const env = readEnvOrExit();
const database = await createDb({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await database.migrate();
const seeded = await seedDemoData(database.db, { publicUrl: env.publicUrl });
await database.close();
console.log(
  seeded
    ? `Demo data added. Its staff accounts share the password "${DEMO_PASSWORD}": never leave them on a real deployment.`
    : 'The database already has users; nothing was seeded.',
);
