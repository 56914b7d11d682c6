import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema/index';
import { isAdminRole, isStaffRole } from '../../shared/roles';
import type { DevAccount } from './dev-identity-provider';

/** The people the local development identity provider offers to sign in as: active users, by role. */
export async function listDevAccounts(db: Tx): Promise<DevAccount[]> {
  const rows = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(eq(users.isActive, true))
    .orderBy(users.role, users.email)
    .limit(60);
  // Custom roles are staff roles: the provider's page groups people as customer, employee or admin.
  return rows.map((r) => ({
    ...r,
    role: isAdminRole(r.role) ? 'admin' : isStaffRole(r.role) ? 'employee' : 'customer',
  }));
}
