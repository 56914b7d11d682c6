import { readEnvOrExit } from '../env';
import { createDb } from '../../../db/client';
import { restoreDatabase, RestoreRefused } from '../backup/backup';

// `npm run db:restore -- FILE`: a backup into the configured database, which must be new (docs/operations.md).
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run db:restore -- FILE');
  process.exit(2);
}
const env = readEnvOrExit();
const database = await createDb({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, maxConnections: 1 });
try {
  await database.migrate();
  const counts = await restoreDatabase(database.db, file);
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`Restored ${rows} rows of ${Object.keys(counts).length} tables from ${file}.`);
} catch (error) {
  if (!(error instanceof RestoreRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
