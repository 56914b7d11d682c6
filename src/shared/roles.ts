/*
 * The permission model (docs/decisions/0005-permission-model.md). This file is the only place that says
 * who is staff and who holds a permission; the server's access middleware, the client's guards and the
 * menus all ask these functions.
 *
 * - Roles are rows of the `roles` table. Three system roles always exist: customer, employee and admin.
 *   Admins may add custom roles; every role other than customer is a staff role.
 * - A person's effective permissions are their role's permissions together with their own.
 * - Admins hold every permission.
 *
 * Free of zod (the schemas are in user.ts and staff-schema.ts): the storefront's first script loads this file.
 */

export const CUSTOMER_ROLE = 'customer';
export const EMPLOYEE_ROLE = 'employee';
export const ADMIN_ROLE = 'admin';
const systemRoleNames = [CUSTOMER_ROLE, EMPLOYEE_ROLE, ADMIN_ROLE] as const;

/** A role name: a system role or a custom one (lowercase letters, digits and underscores). */
export type Role = string;

export const isSystemRole = (name: string): boolean => (systemRoleNames as readonly string[]).includes(name);

/** Every role but customer is a staff role: employees, admins and custom roles. */
export const isStaffRole = (role: Role): boolean => role !== CUSTOMER_ROLE;
export const isAdminRole = (role: Role): boolean => role === ADMIN_ROLE;

/** `apiKey` is set when a program acts for the person with an API key (docs/integrations.md). */
type Holder = { role: Role; permissions: readonly string[]; apiKey?: unknown } | null | undefined;

export function isStaff(user: Pick<NonNullable<Holder>, 'role'> | null | undefined): boolean {
  return !!user && isStaffRole(user.role);
}

/**
 * An API key acts only through the permissions it was given, never through its creator's admin role: it is
 * not an admin, and admin-only operations refuse it.
 */
export function isAdmin(user: Pick<NonNullable<Holder>, 'role' | 'apiKey'> | null | undefined): boolean {
  return !!user && isAdminRole(user.role) && !user.apiKey;
}

/**
 * Whether a person may do something. `permissions` are the person's effective permissions (as the server
 * computes them at every request and sends with the signed-in user).
 */
export function can(user: Holder, permission: Permission): boolean {
  if (!user) return false;
  if (isAdmin(user)) return true;
  return isStaffRole(user.role) && user.permissions.includes(permission);
}

/**
 * Whether the caller is that person, in person. A program with an API key owns nothing: not even its creator's
 * own cart, bookings or week, which it reaches only through a permission over everyone's.
 */
export function isSelf(user: { id: string; apiKey?: unknown } | null | undefined, personId: string | null): boolean {
  return !!user && !user.apiKey && user.id === personId;
}

/** The catalogue, as `group.item` identifiers. */
const permissionCatalogue = {
  dashboard: ['view', 'analytics'],
  products: ['view', 'create', 'edit', 'delete', 'featured'],
  services: ['view', 'create', 'edit', 'delete', 'featured'],
  orders: ['view', 'edit', 'manage', 'refund'],
  appointments: ['view', 'edit', 'manage', 'cancel', 'calendar'],
  customers: ['view', 'edit', 'communication'],
  users: ['view', 'edit', 'roles', 'permissions'],
  roles: ['view', 'create', 'edit', 'delete', 'permissions'],
  settings: ['view', 'edit', 'business', 'system'],
  chat: ['view', 'respond', 'customer', 'admin'],
  payments: ['view', 'process', 'refunds'],
  webhooks: ['view', 'manage'],
} as const;

type Catalogue = typeof permissionCatalogue;
type PermissionGroup = keyof Catalogue;
export type Permission = { [G in keyof Catalogue]: `${G & string}.${Catalogue[G][number]}` }[keyof Catalogue];

export const allPermissions = Object.entries(permissionCatalogue).flatMap(([group, items]) =>
  items.map((item) => `${group}.${item}`),
) as Permission[];

/**
 * Effective permissions: the role's together with the person's own, in catalogue order; admins hold
 * every permission and customers none.
 */
export function effectivePermissions(
  role: Role,
  rolePermissions: readonly string[] | null | undefined,
  own: readonly string[],
): Permission[] {
  if (isAdminRole(role)) return [...allPermissions];
  if (!isStaffRole(role)) return [];
  const held = new Set([...(rolePermissions ?? []), ...own]);
  return allPermissions.filter((p) => held.has(p));
}

/**
 * A group of the catalogue and its permissions. Their words are the screens' messages
 * (src/shared/permission-labels.ts, i18n/<language>/staff.ts): the API lists them in English, a page and the audit
 * log say them in their language.
 */
export interface PermissionGroupEntry {
  group: PermissionGroup;
  permissions: { id: Permission }[];
}

/** The full catalogue by group, as the role dialog shows it. */
export const permissionGroups: PermissionGroupEntry[] = (Object.keys(permissionCatalogue) as PermissionGroup[]).map(
  (group) => ({
    group,
    permissions: allPermissions.filter((p) => p.startsWith(`${group}.`)).map((id) => ({ id })),
  }),
);

/** The staff permissions dialog ticks a shorter list: the everyday actions of each group. */
const staffDialogHidden = new Set<string>([
  'orders.manage',
  'appointments.manage',
  'roles.permissions',
  'settings.system',
  'chat.admin',
]);
export const staffPermissionGroups: PermissionGroupEntry[] = permissionGroups.map((g) => ({
  ...g,
  permissions: g.permissions.filter((p) => !staffDialogHidden.has(p.id)),
}));

/** What a newly approved employee may do until an admin changes it. */
export const defaultEmployeePermissions: Permission[] = [
  'dashboard.view',
  'products.view',
  'services.view',
  'orders.view',
  'appointments.view',
  'appointments.edit',
  'appointments.calendar',
  'customers.view',
  'chat.view',
  'chat.respond',
];
