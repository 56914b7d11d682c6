import type { Permission, Role } from '../shared/roles';
import type { SessionUser } from './auth/sessions';

/**
 * Who may call a procedure. Every procedure declares exactly one of these in its meta; the access
 * middleware enforces it and a test walks the router to make sure none is missing.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'role'; roles: readonly Role[] }
  /** Staff holding the permission; admins hold every permission. */
  | { kind: 'permission'; permission: Permission };

export const access = {
  public: { kind: 'public' },
  signedIn: { kind: 'signedIn' },
  staff: { kind: 'role', roles: ['employee', 'admin'] },
  admin: { kind: 'role', roles: ['admin'] },
  permission: (permission: Permission): Access => ({ kind: 'permission', permission }),
} as const satisfies Record<string, Access | ((p: Permission) => Access)>;

export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';

export function decideAccess(rule: Access, user: SessionUser | null): AccessDecision {
  if (rule.kind === 'public') return 'allow';
  if (!user) return 'unauthenticated';
  switch (rule.kind) {
    case 'signedIn':
      return 'allow';
    case 'role':
      return rule.roles.includes(user.role) ? 'allow' : 'forbidden';
    case 'permission':
      if (user.role === 'admin') return 'allow';
      return user.role === 'employee' && user.permissions.includes(rule.permission) ? 'allow' : 'forbidden';
  }
}
