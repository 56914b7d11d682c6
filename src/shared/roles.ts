import { z } from 'zod';

export const roleNames = ['customer', 'employee', 'admin'] as const;
export const ZRole = z.enum(roleNames);
export type Role = z.infer<typeof ZRole>;

export const staffRoles: readonly Role[] = ['employee', 'admin'];
export const isStaffRole = (role: Role) => staffRoles.includes(role);

/**
 * The permission catalogue of SPEC.md §3, as `group.item` identifiers. Admins hold every permission;
 * employees hold what their account lists.
 */
export const permissionCatalogue = {
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
} as const;

type Catalogue = typeof permissionCatalogue;
export type Permission = { [G in keyof Catalogue]: `${G & string}.${Catalogue[G][number]}` }[keyof Catalogue];

export const allPermissions = Object.entries(permissionCatalogue).flatMap(([group, items]) =>
  items.map((item) => `${group}.${item}`),
) as Permission[];

/** What a newly created employee may do until an admin changes it. */
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

/** Whether a person holds a permission: admins hold every one, other staff what their account lists, customers none. */
export function hasPermission(user: { role: Role; permissions: readonly string[] }, permission: Permission): boolean {
  if (user.role === 'admin') return true;
  return isStaffRole(user.role) && user.permissions.includes(permission);
}
