import { readEnvOrExit } from '../env';
import { createDb } from '../../../db/client';

const env = readEnvOrExit();
const database = await createDb({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await database.migrate();
await database.close();
console.log(`Migrated ${env.DATABASE_URL ? 'PostgreSQL' : `PGlite at ${env.DATA_DIR}`}.`);
