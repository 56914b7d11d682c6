import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { userTokens, users } from '../../../db/schema/index';
import { passwordTokenMessages, type PasswordTokenStatus } from '../../shared/auth-schema';
import { isStaffRole } from '../../shared/roles';
import { AppError } from '../app-error';
import type { SignInMeta, StartedSession } from './employee-login';
import { hashPassword } from './passwords';
import { createSession, revokeUserSessions, toSessionUser, userColumns } from './sessions';

// Long enough for someone who reads mail once a day, short enough that an old inbox is not a key.
export const SET_PASSWORD_TOKEN_TTL_MS = 72 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const TOKEN_MESSAGES = passwordTokenMessages;

/** A single-use link secret for a user to set their password; only its hash is stored. */
export async function createSetPasswordToken(tx: Tx, userId: string) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SET_PASSWORD_TOKEN_TTL_MS);
  // A newer link replaces any older unused one.
  await tx
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'set_password'), isNull(userTokens.usedAt)));
  await tx.insert(userTokens).values({ tokenHash: hashToken(token), userId, purpose: 'set_password', expiresAt });
  return { token, expiresAt };
}

async function findToken(tx: Tx, token: string, lock = false) {
  const query = tx
    .select({
      id: userTokens.id,
      userId: userTokens.userId,
      expiresAt: userTokens.expiresAt,
      usedAt: userTokens.usedAt,
      email: users.email,
      firstName: users.firstName,
      role: users.role,
      isActive: users.isActive,
    })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, 'set_password')))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: userTokens }) : await query;
  return row;
}

function stateOf(row: Awaited<ReturnType<typeof findToken>>): PasswordTokenStatus['status'] {
  if (!row || !row.isActive || !isStaffRole(row.role)) return 'invalid';
  if (row.usedAt) return 'used';
  if (row.expiresAt.getTime() <= Date.now()) return 'expired';
  return 'valid';
}

/** What the set-password page should show for a link, without using it up. */
export async function inspectSetPasswordToken(db: Tx, token: string): Promise<PasswordTokenStatus> {
  const row = token ? await findToken(db, token) : undefined;
  const status = stateOf(row);
  return status === 'valid'
    ? { status, email: row!.email, firstName: row!.firstName }
    : { status, email: null, firstName: null };
}

/**
 * Sets a staff member's password from an e-mailed link and signs them in. The link works once; every
 * other session of the account ends (a password change revokes them).
 */
export async function setPasswordWithToken(
  db: Tx,
  input: { token: string; password: string },
  meta: SignInMeta = {},
): Promise<StartedSession> {
  // Hash before the transaction: argon2 takes tens of milliseconds and must not hold row locks.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const row = await findToken(tx, input.token, true);
    const status = stateOf(row);
    if (status !== 'valid') throw new AppError('BAD_REQUEST', TOKEN_MESSAGES[status]);
    await tx
      .update(userTokens)
      .set({ usedAt: sql`now()` })
      .where(eq(userTokens.id, row!.id));
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, row!.userId))
      .returning(userColumns);
    await revokeUserSessions(tx, row!.userId);
    const session = await createSession(tx, row!.userId, meta);
    return { user: toSessionUser(user!), ...session };
  });
}
