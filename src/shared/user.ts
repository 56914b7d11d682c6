import { z } from 'zod';
import { LOCALES } from './i18n/locales';

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
  /** The language the person chose; null follows their browser, then the business's default. */
  locale: z.enum(LOCALES).nullable(),
});
z.globalRegistry.add(ZUser, { id: 'SignedInUser', description: 'The signed-in person' });
export type User = z.infer<typeof ZUser>;

/** The client's sign-in check: the signed-in user, or null for a visitor. */
export const ZSession = z.object({ user: ZUser.nullable() });
export type Session = z.infer<typeof ZSession>;

/** PUT /api/auth/user/locale: the person's language, or null to follow their browser again. */
export const ZUserLocaleInput = z.object({
  locale: z.enum(LOCALES, { error: 'Language must be one of: en, es, or null' }).nullable(),
});
