import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema/index';
import { allPermissions } from '../../shared/roles';
import { createTestDatabase, signInAs } from '../../testing/test-server';
import { setUserRole, setUserStatus } from './users-service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the business keeps an active admin', () => {
  it('refuses to demote or deactivate the last active admin, whoever asks', async () => {
    const caller = await signInAs(database, 'admin');
    const last = await signInAs(database, 'admin');
    // The caller lost admin rights while their request was in flight.
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, caller.user.id));
    const actor = { ...caller.user, permissions: allPermissions };
    await expect(setUserRole(database.db, actor, { userId: last.user.id, role: 'employee' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(setUserStatus(database.db, actor, { userId: last.user.id, isActive: false })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  // PostgreSQL only: PGlite has one connection, so two requests can never overlap there.
  if (process.env.TEST_DB === 'postgres') {
    it('two admins demoting each other at the same moment: exactly one succeeds', async () => {
      await database.db.update(users).set({ isActive: false }).where(eq(users.role, 'admin'));
      for (let round = 0; round < 10; round++) {
        const a = await signInAs(database, 'admin');
        const b = await signInAs(database, 'admin');
        const results = await Promise.allSettled([
          setUserRole(database.db, { ...a.user, permissions: allPermissions }, { userId: b.user.id, role: 'employee' }),
          setUserStatus(
            database.db,
            { ...b.user, permissions: allPermissions },
            { userId: a.user.id, isActive: false },
          ),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        // The other is told why (409), never a deadlock or a server error.
        expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'CONFLICT' } });
        const left = await database.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
        expect(left).toHaveLength(1);
        await database.db.update(users).set({ isActive: false }).where(eq(users.role, 'admin'));
      }
    });
  }
});
