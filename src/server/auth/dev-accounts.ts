import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema/index';
import type { DevAccount } from './dev-identity-provider';

/** The people the local development identity provider offers to sign in as: active users, by role. */
export async function listDevAccounts(db: Tx): Promise<DevAccount[]> {
  return db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(eq(users.isActive, true))
    .orderBy(users.role, users.email)
    .limit(60);
}
