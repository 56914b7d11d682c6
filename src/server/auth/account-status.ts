import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema/index';
import { revokeUserSessions } from './sessions';

/**
 * Turns an account on or off. Turning it off ends every session at once (docs/sign-in.md, "Sessions"); the
 * session lookup also refuses inactive users, so nothing slips through between the two statements.
 */
export async function setAccountActive(db: Tx, userId: string, isActive: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isActive, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (row && !isActive) await revokeUserSessions(tx, userId);
    return Boolean(row);
  });
}
