import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { roles, users } from '../../../db/schema/index';
import { weeklyHoursOf } from '../availability/weekly-hours-service';
import {
  ADMIN_ROLE,
  CUSTOMER_ROLE,
  EMPLOYEE_ROLE,
  defaultEmployeePermissions,
  effectivePermissions,
  can,
  isAdmin,
  isAdminRole,
  isStaffRole,
  type Permission,
} from '../../shared/roles';
import { staffMessages, type CreateStaffInput, type StaffUser, type UpdateStaffInput } from '../../shared/staff-schema';
import { createSetPasswordToken, SET_PASSWORD_TOKEN_TTL_MS } from '../auth/password-tokens';
import { revokeUserSessions, type SessionUser } from '../auth/sessions';
import { isUuid } from '../../shared/ids';
import { sqlState } from '../../../db/errors';
import { AppError } from '../app-error';
import { enqueueMail } from '../mail/outbox';
import { mailLanguage } from '../mail/mail-language';
import { getSettings } from '../settings/settings-service';
import { sentence } from '../../shared/i18n/sentence';
import { changeList, fullName, permissionList, recordAudit } from '../audit/audit';

// Nested in a sql of its own, so that drizzle keeps the columns' table names (see holdersOf in roles-service.ts).
const rolePermissionsOf = sql`(select ${roles.permissions} from ${roles} where ${roles.name} = ${users.role})`;

const staffColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  profileImageUrl: users.profileImageUrl,
  isActive: users.isActive,
  permissions: users.permissions,
  createdAt: users.createdAt,
  rolePermissions: sql<string[] | null>`${rolePermissionsOf}`,
};

type StaffRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  profileImageUrl: string | null;
  isActive: boolean;
  permissions: string[];
  createdAt: Date;
  rolePermissions: string[] | null;
};

function toStaffUser(row: StaffRow): StaffUser {
  const { rolePermissions, createdAt, ...rest } = row;
  return {
    ...rest,
    createdAt: createdAt.toISOString(),
    effectivePermissions: effectivePermissions(row.role, rolePermissions, row.permissions),
  };
}

/** Every user (customers included unless asked for staff only), by name. */
export async function listUsers(
  db: Tx,
  input: { role?: string; staff?: 'true' | 'false'; search?: string } = {},
): Promise<StaffUser[]> {
  const where: SQL[] = [];
  if (input.role) where.push(eq(users.role, input.role));
  if (input.staff === 'true') where.push(ne(users.role, CUSTOMER_ROLE));
  const search = input.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.email, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      )!,
    );
  }
  const rows = await db
    .select(staffColumns)
    .from(users)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  return rows.map(toStaffUser);
}

async function getStaffUser(db: Tx, id: string): Promise<StaffUser> {
  const [row] = await db.select(staffColumns).from(users).where(eq(users.id, id));
  if (!row) throw new AppError('NOT_FOUND', staffMessages.userNotFound);
  return toStaffUser(row);
}

/**
 * Locks the person to change. The active admins are locked first, always in id order, so that two
 * changes to admins (each other's, say) queue up instead of deadlocking, and the last-admin check below
 * sees what the other committed.
 */
async function lockUser(tx: Tx, id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', staffMessages.userNotFound);
  await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, ADMIN_ROLE), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', staffMessages.userNotFound);
  return row;
}

/** The role a person may be given: an existing staff role, admin only by admins, nothing beyond the giver's own permissions. */
async function requireGivableRole(tx: Tx, actor: SessionUser, name: string) {
  const [role] = await tx
    .select({ name: roles.name, displayName: roles.displayName, permissions: roles.permissions })
    .from(roles)
    .where(eq(roles.name, name));
  if (!role) throw new AppError('BAD_REQUEST', staffMessages.unknownRole);
  if (!isStaffRole(role.name)) throw new AppError('BAD_REQUEST', staffMessages.customerRole);
  if (isAdminRole(role.name) && !isAdmin(actor)) throw new AppError('FORBIDDEN', staffMessages.onlyAdminsGiveAdmin);
  if (!role.permissions.every((p) => can(actor, p as Permission)))
    throw new AppError('FORBIDDEN', staffMessages.cannotGrant);
  return role;
}

async function roleDisplayName(tx: Tx, name: string): Promise<string | undefined> {
  const [role] = await tx.select({ displayName: roles.displayName }).from(roles).where(eq(roles.name, name));
  return role?.displayName;
}

/** Changing someone: never oneself (for role, permissions, status), and an admin only by an admin. */
function assertMayChange(actor: SessionUser, target: { id: string; role: string }, what: 'info' | 'access') {
  if (what === 'access' && actor.id === target.id)
    throw new AppError('FORBIDDEN', actor.apiKey ? staffMessages.keysCreator : staffMessages.ownAccount);
  if (isAdminRole(target.role) && !isAdmin(actor))
    throw new AppError('FORBIDDEN', staffMessages.onlyAdminsChangeAdmins);
}

/**
 * The business always keeps an active admin. The active admins' rows are locked first, so two admins
 * demoting each other at the same moment cannot both succeed.
 */
async function assertNotLastAdmin(tx: Tx, target: { id: string; role: string; isActive: boolean }) {
  if (!isAdminRole(target.role) || !target.isActive) return;
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, ADMIN_ROLE), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
  if (admins.filter((a) => a.id !== target.id).length === 0) throw new AppError('CONFLICT', staffMessages.lastAdmin);
}

const hours = (ms: number) => Math.round(ms / 3_600_000);

/** A new staff member's audit summary (the demo's seed writes one too). */
/** `role`: as the roles list names it (its display name). */
export const staffAdded = (person: { firstName: string; lastName: string; email: string; role: string }) =>
  sentence('Added {name} ({email}) as {role} and sent a set-password link', {
    name: fullName(person),
    email: person.email,
    role: person.role,
  });

/** Adds a staff member and mails them a single-use link to set their password. */
export async function createStaff(
  db: Db,
  actor: SessionUser,
  input: CreateStaffInput,
  opts: { publicUrl: string },
): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const role = await requireGivableRole(tx, actor, input.role);
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: role.name,
        // Employees start with the everyday set; a custom role brings its own.
        permissions: role.name === EMPLOYEE_ROLE ? defaultEmployeePermissions : [],
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!created) throw new AppError('CONFLICT', staffMessages.emailTaken);

    const { token } = await createSetPasswordToken(tx, created.id);
    const link = `${opts.publicUrl}/employee/set-password?token=${encodeURIComponent(token)}`;
    const settings = await getSettings(tx);
    const { businessName } = settings;
    const { say } = mailLanguage({ email: input.email }, settings);
    await enqueueMail(tx, {
      to: input.email,
      subject: say('mail.staffInvite.subject', { business: businessName }),
      text: [
        say('mail.hello', { name: input.firstName || input.email }),
        '',
        say('mail.staffInvite.added', { actor: fullName(actor), business: businessName }),
        '',
        say('mail.setPassword'),
        link,
        '',
        say('mail.linkExpires', { hours: hours(SET_PASSWORD_TOKEN_TTL_MS), url: `${opts.publicUrl}/employee/login` }),
        '',
      ].join('\n'),
    });
    await recordAudit(tx, actor, {
      action: 'user.created',
      entity: 'user',
      entityId: created.id,
      summary: staffAdded({ ...input, role: role.displayName }),
    });
    return getStaffUser(tx, created.id);
  });
}

export async function updateStaff(db: Db, actor: SessionUser, input: UpdateStaffInput): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, input.userId);
    assertMayChange(actor, before, 'info');
    const next = {
      firstName: input.firstName ?? before.firstName,
      lastName: input.lastName ?? before.lastName,
      email: input.email ?? before.email,
    };
    try {
      await tx
        .update(users)
        .set({ ...next, updatedAt: sql`now()` })
        .where(eq(users.id, before.id));
    } catch (error) {
      if (sqlState(error) === '23505') throw new AppError('CONFLICT', staffMessages.emailTaken);
      throw error;
    }
    const changes = changeList([
      next.firstName !== before.firstName || next.lastName !== before.lastName
        ? sentence('name "{from}" → "{to}"', { from: fullName(before), to: fullName(next) })
        : null,
      next.email !== before.email ? sentence('e-mail {from} → {to}', { from: before.email, to: next.email }) : null,
    ]);
    await recordAudit(tx, actor, {
      action: 'user.updated',
      entity: 'user',
      entityId: before.id,
      summary: sentence('Updated {name}: {changes}', { name: fullName(next), changes }),
    });
    return getStaffUser(tx, before.id);
  });
}

export async function setUserRole(
  db: Db,
  actor: SessionUser,
  input: { userId: string; role: string },
): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, input.userId);
    assertMayChange(actor, before, 'access');
    const role = await requireGivableRole(tx, actor, input.role);
    if (role.name !== before.role) {
      if (!isAdminRole(role.name)) await assertNotLastAdmin(tx, before);
      // Someone coming from admin or customer held nothing individually that should carry over.
      const resetOwn = isAdminRole(before.role) || !isStaffRole(before.role);
      const permissions = resetOwn
        ? role.name === EMPLOYEE_ROLE
          ? defaultEmployeePermissions
          : []
        : before.permissions;
      await tx
        .update(users)
        .set({ role: role.name, permissions, updatedAt: sql`now()` })
        .where(eq(users.id, before.id));
      await recordAudit(tx, actor, {
        action: 'user.role_changed',
        entity: 'user',
        entityId: before.id,
        // The roles as people see them in the roles list ("Front Desk", not front_desk).
        summary: sentence("Changed {name}'s role from {from} to {to}", {
          name: fullName(before),
          from: (await roleDisplayName(tx, before.role)) ?? before.role,
          to: role.displayName,
        }),
      });
    }
    return getStaffUser(tx, before.id);
  });
}

export async function setUserPermissions(
  db: Db,
  actor: SessionUser,
  input: { userId: string; permissions: Permission[] },
): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, input.userId);
    assertMayChange(actor, before, 'access');
    const added = input.permissions.filter((p) => !before.permissions.includes(p));
    const removed = before.permissions.filter((p) => !(input.permissions as string[]).includes(p));
    if (!added.every((p) => can(actor, p))) throw new AppError('FORBIDDEN', staffMessages.cannotGrant);
    if (added.length || removed.length) {
      await tx
        .update(users)
        .set({ permissions: input.permissions, updatedAt: sql`now()` })
        .where(eq(users.id, before.id));
      await recordAudit(tx, actor, {
        action: 'user.permissions_changed',
        entity: 'user',
        entityId: before.id,
        summary: sentence("Changed {name}'s permissions: {changes}", {
          name: fullName(before),
          changes: changeList([
            added.length ? sentence('granted {permissions}', { permissions: permissionList(added) }) : null,
            removed.length ? sentence('removed {permissions}', { permissions: permissionList(removed) }) : null,
          ]),
        }),
      });
    }
    return getStaffUser(tx, before.id);
  });
}

/** Activates or deactivates someone; deactivation ends every session of theirs at once. */
export async function setUserStatus(
  db: Db,
  actor: SessionUser,
  input: { userId: string; isActive: boolean },
): Promise<StaffUser> {
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, input.userId);
    assertMayChange(actor, before, 'access');
    if (before.isActive !== input.isActive) {
      if (!input.isActive) await assertNotLastAdmin(tx, before);
      await tx
        .update(users)
        .set({ isActive: input.isActive, updatedAt: sql`now()` })
        .where(eq(users.id, before.id));
      if (!input.isActive) await revokeUserSessions(tx, before.id);
      await recordAudit(tx, actor, {
        action: input.isActive ? 'user.activated' : 'user.deactivated',
        entity: 'user',
        entityId: before.id,
        summary: input.isActive
          ? sentence('Activated {name}', { name: fullName(before) })
          : sentence('Deactivated {name} and ended their sessions', { name: fullName(before) }),
      });
    }
    return getStaffUser(tx, before.id);
  });
}

/** One person's weekly hours (read only here; the schedules screens edit them). */
export async function getUserWeeklyHours(db: Tx, userId: string) {
  if (!isUuid(userId)) throw new AppError('NOT_FOUND', staffMessages.userNotFound);
  const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!person) throw new AppError('NOT_FOUND', staffMessages.userNotFound);
  return weeklyHoursOf(db, userId);
}
