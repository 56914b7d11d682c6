import { z } from 'zod';

/** A role name (roles.ts): a system role or a custom one. */
export const ZRole = z.string();

export const ZUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: ZRole,
  profileImageUrl: z.string().nullable(),
  isActive: z.boolean(),
  permissions: z.array(z.string()),
});
export type User = z.infer<typeof ZUser>;

/** The client's sign-in check: the signed-in user, or null for a visitor. */
export const ZSession = z.object({ user: ZUser.nullable() });
export type Session = z.infer<typeof ZSession>;
