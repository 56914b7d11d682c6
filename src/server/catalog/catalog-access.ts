import { isStaff, type Permission } from '../../shared/roles';
import { decideAccess } from '../access';
import type { SessionUser } from '../auth/sessions';
import { AppError } from '../errors';

/** Staff see inactive catalogue items; customers and visitors never do. */
export function seesInactive(viewer: Pick<SessionUser, 'role'> | null): boolean {
  return isStaff(viewer);
}

export function requirePermission(actor: SessionUser, permission: Permission, message: string) {
  if (decideAccess({ kind: 'permission', permission }, actor) !== 'allow') throw new AppError('FORBIDDEN', message);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else names nothing (404), rather than reaching the database as a type error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
