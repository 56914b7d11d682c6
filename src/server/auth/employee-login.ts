import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema/index';
import type { EmployeeLoginInput } from '../../shared/auth-schema';
import { isStaffRole } from '../../shared/roles';
import { AppError } from '../app-error';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, revokeSession, toSessionUser, userColumns, type SessionUser } from './sessions';

const INVALID_CREDENTIALS = 'Invalid email or password';
const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Please contact an administrator.';

export interface SignInMeta {
  /** The session this browser had before, ended so that a sign-in always starts a fresh token. */
  previousSessionId?: string | null;
  ip?: string;
  userAgent?: string;
}

export interface StartedSession {
  user: SessionUser;
  token: string;
  expiresAt: Date;
}

// Unknown e-mails are checked against this hash too, so the answer takes as long as for a real account
// and timing does not tell which e-mails exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('decoy password that never matches anything'));

/** E-mail and password sign-in for staff (employees and admins), docs/sign-in.md. */
export async function loginEmployee(db: Tx, input: EmployeeLoginInput, meta: SignInMeta = {}): Promise<StartedSession> {
  const [account] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
    .limit(1);

  const matches = await verifyPassword(account?.passwordHash ?? (await decoy()), input.password);
  if (!account || !account.passwordHash || !matches || !isStaffRole(account.role)) {
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  }
  // Only someone who knows the password learns that the account is deactivated.
  if (!account.isActive) throw new AppError('FORBIDDEN', ACCOUNT_DEACTIVATED);

  const { passwordHash: _omit, ...user } = account;
  return db.transaction(async (tx) => {
    if (meta.previousSessionId) await revokeSession(tx, meta.previousSessionId);
    const session = await createSession(tx, user.id, meta);
    return { user: toSessionUser(user), ...session };
  });
}

/** Ends one session (logout). Signing out when already signed out is not an error. */
export async function logout(db: Tx, sessionId: string | null) {
  if (sessionId) await revokeSession(db, sessionId);
  return { success: true as const };
}
