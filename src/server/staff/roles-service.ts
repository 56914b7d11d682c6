import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { roles, users } from '../../../db/schema/index';
import { allPermissions, can, isAdminRole, permissionGroups, type Permission } from '../../shared/roles';
import { catalogueFor } from '../../shared/i18n/catalogues';
import { permissionGroupLabel, permissionLabel } from '../../shared/permission-labels';
import {
  checkRoleFields,
  staffMessages,
  type PermissionGroupAnswer,
  type CreateRoleInput,
  type RoleFields,
  type RoleRecord,
  type UpdateRoleInput,
} from '../../shared/staff-schema';
import type { SessionUser } from '../auth/sessions';
import { isUuid } from '../../shared/ids';
import { sqlState } from '../../../db/errors';
import { AppError } from '../app-error';
import { sentence } from '../../shared/i18n/sentence';
import { changeList, permissionList, recordAudit } from '../audit/audit';

const english = catalogueFor('en').messages;

/** The permission catalogue by group, as the role and permissions dialogs tick it, in English. */
export function listPermissionGroups(): PermissionGroupAnswer[] {
  return permissionGroups.map(({ group, permissions }) => ({
    group,
    label: permissionGroupLabel(english, group),
    permissions: permissions.map(({ id }) => ({ id, label: permissionLabel(english, id) })),
  }));
}

// Nested in a sql of its own, so that drizzle keeps the columns' table names: in a one-table select it writes them
// bare, and a bare "name" inside the subquery would read a users column of that name if one were ever added.
const holdersOf = sql`(select count(*)::int from ${users} where ${users.role} = ${roles.name})`;

const roleColumns = {
  id: roles.id,
  name: roles.name,
  displayName: roles.displayName,
  description: roles.description,
  permissions: roles.permissions,
  isSystemRole: roles.isSystemRole,
  createdAt: roles.createdAt,
  userCount: sql<number>`${holdersOf}`,
};

type RoleRow = {
  id: string;
  name: string;
  displayName: string;
  description: string;
  permissions: string[];
  isSystemRole: boolean;
  createdAt: Date;
  userCount: number;
};

function toRole(row: RoleRow): RoleRecord {
  return {
    ...row,
    // Admins hold every permission by rule, whatever the row lists.
    permissions: isAdminRole(row.name)
      ? [...allPermissions]
      : allPermissions.filter((p) => row.permissions.includes(p)),
    userCount: Number(row.userCount),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every role: the system roles first, then custom roles by display name. */
export async function listRoles(db: Tx): Promise<RoleRecord[]> {
  const rows = await db
    .select(roleColumns)
    .from(roles)
    .orderBy(sql`${roles.isSystemRole} desc`, asc(roles.displayName));
  const order = ['admin', 'employee', 'customer'];
  return rows
    .map(toRole)
    .sort((a, b) => (a.isSystemRole && b.isSystemRole ? order.indexOf(a.name) - order.indexOf(b.name) : 0));
}

function checked(input: RoleFields) {
  const result = checkRoleFields(input);
  if (!result.ok) throw new AppError('BAD_REQUEST', result.message);
  return result.role;
}

/** Nobody hands out what they do not hold: a non-admin may only put their own permissions into a role. */
function assertCanGrant(actor: SessionUser, permissions: readonly Permission[]) {
  if (!permissions.every((p) => can(actor, p))) throw new AppError('FORBIDDEN', staffMessages.cannotGrant);
}

/** A new role's audit summary (the demo's seed writes one too). */
export const roleCreated = (role: { displayName: string; name: string; permissions: readonly string[] }) =>
  sentence('Created role {displayName} ({name}) with permissions: {permissions}', {
    displayName: role.displayName,
    name: role.name,
    permissions: permissionList(role.permissions),
  });

export async function createRole(db: Db, actor: SessionUser, input: CreateRoleInput): Promise<RoleRecord> {
  const role = checked(input);
  assertCanGrant(actor, role.permissions);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(roles)
      .values({ ...role, isSystemRole: false })
      .onConflictDoNothing()
      .returning({ id: roles.id });
    if (!created) throw new AppError('CONFLICT', staffMessages.roleNameTaken);
    await recordAudit(tx, actor, {
      action: 'role.created',
      entity: 'role',
      entityId: created.id,
      summary: roleCreated(role),
    });
    return getRole(tx, created.id);
  });
}

async function getRole(db: Tx, id: string): Promise<RoleRecord> {
  const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, id));
  if (!row) throw new AppError('NOT_FOUND', staffMessages.roleNotFound);
  return toRole(row);
}

async function lockRole(tx: Tx, id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', staffMessages.roleNotFound);
  const [row] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', staffMessages.roleNotFound);
  if (row.isSystemRole) throw new AppError('CONFLICT', staffMessages.systemRole);
  return row;
}

export async function updateRole(db: Db, actor: SessionUser, input: UpdateRoleInput): Promise<RoleRecord> {
  const role = checked(input);
  return db.transaction(async (tx) => {
    const before = await lockRole(tx, input.id);
    // Only what changes needs to be the actor's own: they may keep permissions they could not have given.
    const added = role.permissions.filter((p) => !before.permissions.includes(p));
    assertCanGrant(actor, added);
    try {
      // Renaming moves the holders too (ON UPDATE CASCADE on users.role).
      await tx.update(roles).set(role).where(eq(roles.id, before.id));
    } catch (error) {
      if (sqlState(error) === '23505') throw new AppError('CONFLICT', staffMessages.roleNameTaken);
      throw error;
    }
    const removed = before.permissions.filter((p) => !(role.permissions as string[]).includes(p));
    const changes = changeList([
      before.name !== role.name ? sentence('name {from} → {to}', { from: before.name, to: role.name }) : null,
      before.displayName !== role.displayName
        ? sentence('display name "{from}" → "{to}"', { from: before.displayName, to: role.displayName })
        : null,
      before.description !== role.description ? sentence('description', {}) : null,
      added.length ? sentence('added {permissions}', { permissions: permissionList(added) }) : null,
      removed.length ? sentence('removed {permissions}', { permissions: permissionList(removed) }) : null,
    ]);
    await recordAudit(tx, actor, {
      action: 'role.updated',
      entity: 'role',
      entityId: before.id,
      summary: sentence('Updated role {role}: {changes}', { role: role.displayName, changes }),
    });
    return getRole(tx, before.id);
  });
}

export async function deleteRole(db: Db, actor: SessionUser, id: string): Promise<{ success: true; id: string }> {
  return db.transaction(async (tx) => {
    const role = await lockRole(tx, id);
    const [holders] = await tx.select({ n: count() }).from(users).where(eq(users.role, role.name));
    if (holders!.n > 0) throw new AppError('CONFLICT', staffMessages.roleInUse(holders!.n));
    try {
      await tx.delete(roles).where(eq(roles.id, role.id));
    } catch (error) {
      // Someone was given the role meanwhile: the foreign key refuses.
      if (sqlState(error) === '23503') throw new AppError('CONFLICT', staffMessages.roleInUse(1));
      throw error;
    }
    await recordAudit(tx, actor, {
      action: 'role.deleted',
      entity: 'role',
      entityId: role.id,
      summary: sentence('Deleted role {displayName} ({name})', { displayName: role.displayName, name: role.name }),
    });
    return { success: true as const, id: role.id };
  });
}
