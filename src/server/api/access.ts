import { can, isAdmin, isStaff, type Permission } from '../../shared/roles';
import type { SessionUser } from '../auth/sessions';

/**
 * Who may call a procedure. Every procedure declares exactly one of these in its meta; the access
 * middleware enforces it and a test walks the router to make sure none is missing. The rules themselves
 * (who is staff, who holds a permission) live in src/shared/roles.ts.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  /** Any staff role: employee, admin or a custom role. */
  | { kind: 'staff' }
  | { kind: 'admin' }
  /** Staff holding the permission through their role or their own grants; admins hold every permission. */
  | { kind: 'permission'; permission: Permission };

export const access = {
  public: { kind: 'public' },
  signedIn: { kind: 'signedIn' },
  staff: { kind: 'staff' },
  admin: { kind: 'admin' },
  permission: (permission: Permission): Access => ({ kind: 'permission', permission }),
} as const satisfies Record<string, Access | ((p: Permission) => Access)>;

export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';

export function decideAccess(rule: Access, user: SessionUser | null): AccessDecision {
  if (rule.kind === 'public') return 'allow';
  if (!user) return 'unauthenticated';
  switch (rule.kind) {
    case 'signedIn':
      return 'allow';
    case 'staff':
      return isStaff(user) ? 'allow' : 'forbidden';
    case 'admin':
      return isAdmin(user) ? 'allow' : 'forbidden';
    case 'permission':
      return can(user, rule.permission) ? 'allow' : 'forbidden';
  }
}

/** The access table's label of a rule: public, signedIn, staff, admin or permission:<group.item>. */
export function accessLabel(rule: Access): string {
  return rule.kind === 'permission' ? `permission:${rule.permission}` : rule.kind;
}
