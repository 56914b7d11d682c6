import { can, isStaff, type Permission } from '../../shared/roles';
import type { SessionUser } from '../auth/sessions';
import { AppError } from '../app-error';

/** Staff see inactive catalogue items; customers and visitors never do. */
export function seesInactive(viewer: Pick<SessionUser, 'role'> | null): boolean {
  return isStaff(viewer);
}

export function requirePermission(actor: SessionUser, permission: Permission, message: string) {
  if (!can(actor, permission)) throw new AppError('FORBIDDEN', message);
}
