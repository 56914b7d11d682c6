import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema/index';
import type { Locale } from '../../shared/i18n/locales';
import type { SessionUser } from './sessions';

/** Saves the person's language (null: follow their browser again); the answer is the user as the session has it. */
export async function setUserLocale(db: Tx, user: SessionUser, locale: Locale | null): Promise<SessionUser> {
  await db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, user.id));
  return { ...user, locale };
}
