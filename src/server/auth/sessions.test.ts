import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { roles, users } from '../../../db/schema/index';
import { allPermissions } from '../../shared/roles';
import { createTestDatabase, signInAs } from '../../testing/test-server';
import { findSession } from './sessions';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the signed-in user', () => {
  it("holds their role's permissions and their own, and a change to the role applies on the next request", async () => {
    await database.db
      .insert(roles)
      .values({ name: 'stock_keeper', displayName: 'Stock keeper', permissions: ['products.view', 'products.edit'] });
    const { token } = await signInAs(database, 'stock_keeper', { permissions: ['dashboard.view'] });
    expect((await findSession(database.db, token))!.user.permissions).toEqual([
      'dashboard.view',
      'products.view',
      'products.edit',
    ]);

    await database.db
      .update(roles)
      .set({ permissions: ['products.view'] })
      .where(eq(roles.name, 'stock_keeper'));
    expect((await findSession(database.db, token))!.user.permissions).toEqual(['dashboard.view', 'products.view']);
  });

  it('follows a renamed role, and a role someone holds cannot be deleted', async () => {
    await database.db.insert(roles).values({ name: 'greeter', displayName: 'Greeter', permissions: ['chat.view'] });
    const { user, token } = await signInAs(database, 'greeter');
    await database.db.update(roles).set({ name: 'host' }).where(eq(roles.name, 'greeter'));
    const [row] = await database.db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe('host');
    expect((await findSession(database.db, token))!.user).toMatchObject({ role: 'host', permissions: ['chat.view'] });
    await expect(database.db.delete(roles).where(eq(roles.name, 'host'))).rejects.toThrow();
  });

  it('gives admins every permission and customers none', async () => {
    const admin = await signInAs(database, 'admin', { permissions: [] });
    expect((await findSession(database.db, admin.token))!.user.permissions).toEqual(allPermissions);
    const customer = await signInAs(database, 'customer', { permissions: ['products.edit'] });
    expect((await findSession(database.db, customer.token))!.user.permissions).toEqual([]);
  });

  it('refuses a role that does not exist', async () => {
    await expect(signInAs(database, 'nobody_role')).rejects.toThrow();
  });
});
