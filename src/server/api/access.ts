import { can, isAdmin, isStaff, type Permission } from '../../shared/roles';
import type { SessionUser } from '../auth/sessions';

/**
 * Who may call a procedure. Every procedure declares exactly one of these in its meta; the access
 * middleware enforces it and a test walks the router to make sure none is missing. The rules themselves
 * (who is staff, who holds a permission) live in src/shared/roles.ts.
 *
 * A request with an API key is a program, not a person (docs/integrations.md): it holds its permissions (cut
 * down to its creator's) and nothing of its creator's own. Operations on "the caller's own" things are
 * declared `person`, so a key never reaches them unless the declaration names a permission that lets a program
 * act on everyone's (every order, not the caller's).
 */
export type Access =
  | { kind: 'public' }
  /** Anyone signed in, a program with a key too: nothing here belongs to the caller. */
  | { kind: 'signedIn' }
  /**
   * The caller's own things (cart, profile, chat, bookings; with `staff`, the employee's own portal, week and
   * calendar feed): a person signed in, staff only when `staff` is set. A key is let through only when it holds
   * one of `or`, and the operation then acts on everyone's, never on its creator's.
   */
  | { kind: 'person'; staff: boolean; or: readonly Permission[] }
  | { kind: 'admin' }
  /** Staff holding one of the permissions through their role or their own grants; admins hold every permission. */
  | { kind: 'permission'; permissions: readonly Permission[] };

export const access = {
  public: { kind: 'public' },
  signedIn: { kind: 'signedIn' },
  person: (...or: Permission[]): Access => ({ kind: 'person', staff: false, or }),
  staffPerson: (...or: Permission[]): Access => ({ kind: 'person', staff: true, or }),
  admin: { kind: 'admin' },
  permission: (...permissions: [Permission, ...Permission[]]): Access => ({ kind: 'permission', permissions }),
} as const satisfies Record<string, Access | ((...p: never[]) => Access)>;

/** `program`: an API key at an operation on a person's own things that no permission opens to a program. */
export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden' | 'program';

export function decideAccess(rule: Access, user: SessionUser | null): AccessDecision {
  if (rule.kind === 'public') return 'allow';
  if (!user) return 'unauthenticated';
  switch (rule.kind) {
    case 'signedIn':
      return 'allow';
    case 'person':
      // A key lacking the permission that would let it in is told so, not that it is no person.
      if (user.apiKey) return rule.or.some((p) => can(user, p)) ? 'allow' : rule.or.length ? 'forbidden' : 'program';
      return !rule.staff || isStaff(user) ? 'allow' : 'forbidden';
    case 'admin':
      return isAdmin(user) ? 'allow' : 'forbidden';
    case 'permission':
      return rule.permissions.some((p) => can(user, p)) ? 'allow' : 'forbidden';
  }
}

/**
 * The access table's label of a rule: public, signedIn, person or staffPerson (with `|permission:<p>` when a key
 * may call it by a permission), admin, or permission:<group.item> (several joined by `|`: any one of them).
 */
export function accessLabel(rule: Access): string {
  switch (rule.kind) {
    case 'person': {
      const who = rule.staff ? 'staffPerson' : 'person';
      return rule.or.length ? `${who}|permission:${rule.or.join('|')}` : who;
    }
    case 'permission':
      return `permission:${rule.permissions.join('|')}`;
    default:
      return rule.kind;
  }
}
