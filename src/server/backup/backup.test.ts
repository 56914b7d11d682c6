import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { chatMessages } from '../../../db/schema/index';
import { seedDemoData } from '../demo/seed';
import { createTestDatabase } from '../../testing/test-server';
import { backupDatabase, restoreDatabase, tableFingerprints } from './backup';

// A backup of the demo restores into an empty database with every row as it was (on PGlite, and on PostgreSQL
// with TEST_DB=postgres).
let source: Database;
let target: Database;
const dir = mkdtempSync(join(tmpdir(), 'backup-test-'));
const file = join(dir, 'backup.gz');

beforeAll(async () => {
  [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await seedDemoData(source.db, { publicUrl: 'http://localhost:3000' });
});
afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('db:backup and db:restore', () => {
  it('restores a backup into an empty database and finds every row, and refuses one that has people', async () => {
    const written = await backupDatabase(source.db, file);
    expect(written.users).toBeGreaterThan(5);
    expect(written.appointments).toBeGreaterThan(10);
    const restored = await restoreDatabase(target.db, file);
    expect(restored).toEqual(Object.fromEntries(Object.entries(written).filter(([, n]) => n > 0)));
    expect(await tableFingerprints(target.db)).toEqual(await tableFingerprints(source.db));
    // Identity columns continue after the restored rows.
    const [customer] = await target.db.select().from(chatMessages).limit(1);
    const [next] = await target.db
      .insert(chatMessages)
      .values({ customerId: customer!.customerId, senderId: customer!.customerId, message: 'After the restore' })
      .returning();
    expect(next!.seq).toBeGreaterThan(customer!.seq);
    await expect(restoreDatabase(target.db, file)).rejects.toThrow('already has users');
  });
});
