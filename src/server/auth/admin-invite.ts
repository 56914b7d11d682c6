import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema/index';
import { allPermissions } from '../../shared/roles';
import { AppError } from '../app-error';
import { enqueueMail } from '../mail/outbox';
import { mailLanguage } from '../mail/mail-language';
import { getSettings } from '../settings/settings-service';
import { createSetPasswordToken, SET_PASSWORD_TOKEN_TTL_MS } from './password-tokens';
import { revokeUserSessions } from './sessions';
import type { Locale } from '../../shared/i18n/locales';
import { sentence } from '../../shared/i18n/sentence';

const ZInviteEmail = z.string().trim().toLowerCase().max(320).pipe(z.email());

export interface AdminInvite {
  email: string;
  /** created: a new account; promoted: an existing customer or employee became admin; renewed: already admin. */
  outcome: 'created' | 'promoted' | 'renewed';
  link: string;
  expiresAt: Date;
  mailed: boolean;
}

/**
 * The way to the first admin of a deployment that uses e-mail sign-in (and a way back in for an admin who lost
 * their password): the account becomes an active admin and gets a single-use set-password link. The link is
 * queued as mail only when mail really leaves the building; otherwise the operator hands it over.
 */
export async function inviteAdmin(
  db: Db,
  input: { email: string },
  opts: { publicUrl: string; sendMail: boolean },
): Promise<AdminInvite> {
  const parsed = ZInviteEmail.safeParse(input.email);
  if (!parsed.success)
    throw new AppError('BAD_REQUEST', sentence('"{email}" is not an e-mail address.', { email: input.email }));
  const email = parsed.data;

  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, role: users.role, firstName: users.firstName, locale: users.locale })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .for('update');
    const admin = { role: 'admin' as const, isActive: true, permissions: allPermissions };
    let userId: string;
    let firstName = '';
    let locale: Locale | null = null;
    let outcome: AdminInvite['outcome'];
    if (existing) {
      userId = existing.id;
      firstName = existing.firstName;
      locale = existing.locale;
      outcome = existing.role === 'admin' ? 'renewed' : 'promoted';
      await tx
        .update(users)
        .set({ ...admin, updatedAt: sql`now()` })
        .where(eq(users.id, userId));
      // Sessions opened with the old role carried its rights; the person signs in again as admin.
      if (outcome === 'promoted') await revokeUserSessions(tx, userId);
    } else {
      const [created] = await tx
        .insert(users)
        .values({ ...admin, email })
        .returning({ id: users.id });
      userId = created!.id;
      outcome = 'created';
    }

    const { token, expiresAt } = await createSetPasswordToken(tx, userId);
    const link = `${opts.publicUrl}/employee/set-password?token=${encodeURIComponent(token)}`;
    if (opts.sendMail) {
      const settings = await getSettings(tx);
      const { businessName } = settings;
      const { say } = mailLanguage({ email, locale }, settings);
      await enqueueMail(tx, {
        to: email,
        subject: say('mail.adminInvite.subject', { business: businessName }),
        text: [
          firstName ? say('mail.hello', { name: firstName }) : say('mail.helloNoName'),
          '',
          say('mail.adminInvite.made', { business: businessName }),
          '',
          say('mail.setPassword'),
          link,
          '',
          say('mail.linkExpires', {
            hours: Math.round(SET_PASSWORD_TOKEN_TTL_MS / 3_600_000),
            url: `${opts.publicUrl}/employee/login`,
          }),
          '',
        ].join('\n'),
      });
    }
    return { email, outcome, link, expiresAt, mailed: opts.sendMail };
  });
}

/** How many active admins exist: start-up tells the operator how to get the first one when there is none. */
export async function countActiveAdmins(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.role} = 'admin' and ${users.isActive}`);
  return Number(row?.n ?? 0);
}
