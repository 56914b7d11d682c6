import { readEnvOrExit } from '../env';
import { createDb } from '../../../db/client';
import { backupDatabase } from '../backup/backup';

// `npm run db:backup -- FILE`: every row of the configured database (PGlite or PostgreSQL) into FILE (docs/operations.md).
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run db:backup -- FILE');
  process.exit(2);
}
const env = readEnvOrExit();
const database = await createDb({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, maxConnections: 1 });
try {
  const counts = await backupDatabase(database.db, file);
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`Backed up ${rows} rows of ${Object.keys(counts).length} tables into ${file}.`);
} finally {
  await database.close();
}
