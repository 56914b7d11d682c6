import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { roles, sessions, users } from '../../../db/schema/index';
import type { User } from '../../shared/user';
import { effectivePermissions, type Permission } from '../../shared/roles';

export const SESSION_COOKIE = 'sid';
const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
// last_seen_at is refreshed at most this often, so reads do not turn into writes on every request.
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface SessionUser extends User {
  /** Effective permissions: the role's and the person's own, computed at every lookup. */
  permissions: Permission[];
  /**
   * Set when the request came with an API key instead of a session: the user is the key's creator and
   * `permissions` are the key's, cut down to what the creator still holds (src/server/integrations/api-keys.ts).
   */
  apiKey?: { id: string; name: string };
}

/**
 * Who does something, as a service sees it: a signed-in person or an API key's program (then `apiKey` is set and
 * the key acts with its permissions and as nobody's own self). The one type every service takes.
 */
export type Actor = Pick<SessionUser, 'id' | 'role' | 'permissions' | 'apiKey'>;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Starts a session for a user: a fresh 256-bit token, stored only as its hash. */
export async function createSession(db: Tx, userId: string, meta: { userAgent?: string; ip?: string } = {}) {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
    userAgent: meta.userAgent?.slice(0, 400),
    ip: meta.ip,
  });
  return { token, expiresAt: new Date(now + SESSION_ABSOLUTE_MS) };
}

export const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  profileImageUrl: users.profileImageUrl,
  isActive: users.isActive,
  permissions: users.permissions,
  locale: users.locale,
  // Read with the user on every lookup, so a change to a role applies to its holders on their next request.
  rolePermissions: sql<
    string[] | null
  >`(select ${roles.permissions} from ${roles} where ${roles.name} = ${users.role})`.as('role_permissions'),
};

type UserRow = { [K in keyof typeof userColumns]: unknown } & {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  profileImageUrl: string | null;
  isActive: boolean;
  permissions: string[];
  locale: 'en' | 'es' | null;
  rolePermissions: string[] | null;
};

/** A row selected with userColumns, as the signed-in user: effective permissions instead of the two lists. */
export function toSessionUser<R extends UserRow>(row: R): SessionUser {
  const { rolePermissions, permissions, id, firstName, lastName, email, role, profileImageUrl, isActive, locale } = row;
  return {
    id,
    firstName,
    lastName,
    email,
    role,
    profileImageUrl,
    isActive,
    permissions: effectivePermissions(role, rolePermissions, permissions),
    locale,
  };
}

// The lookup behind every signed-in request, built once per database handle as a named prepared
// statement: PostgreSQL then skips parsing and planning on each call (about 4x the throughput of an
// unprepared query on this hot path; see bench/auth-user.ts).
const sessionLookups = new WeakMap<object, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: Tx) {
  return db
    .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, ...userColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - ${sql.raw(`interval '${SESSION_IDLE_MS / 1000} seconds'`)}`),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare('find_session');
}

/** The signed-in user behind a cookie token, or null when the session is unknown, expired, idle or the user inactive. */
export async function findSession(db: Tx, token: string): Promise<{ sessionId: string; user: SessionUser } | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = prepareSessionLookup(db)));
  const [row] = await lookup.execute({ tokenHash: hashToken(token) });
  if (!row) return null;
  const { sessionId, lastSeenAt } = row;
  if (Date.now() - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, sessionId));
  }
  return { sessionId, user: toSessionUser(row) };
}

export async function revokeSession(db: Tx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function revokeUserSessions(db: Tx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends the session a cookie token belongs to, if any (logout by cookie, without loading the user). */
export async function revokeSessionByToken(db: Tx, token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
