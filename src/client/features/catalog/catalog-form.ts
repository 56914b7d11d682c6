import type { Permission } from '../../../shared/roles';
import type { User } from '../../../shared/user';

/** Whether the signed-in user holds a permission (admins hold every one), as the server decides it. */
export function hasPermission(user: Pick<User, 'role' | 'permissions'> | null, permission: Permission): boolean {
  if (!user) return false;
  return user.role === 'admin' || (user.role === 'employee' && user.permissions.includes(permission));
}
