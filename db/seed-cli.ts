import { readEnv } from '../src/server/env';
import { createDb } from './client';
import { seedDemoData } from './seed';

const env = readEnv();
const database = await createDb({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await database.migrate();
const seeded = await seedDemoData(database.db, { publicUrl: env.publicUrl });
await database.close();
console.log(seeded ? 'Demo data added.' : 'The database already has users; nothing was seeded.');
