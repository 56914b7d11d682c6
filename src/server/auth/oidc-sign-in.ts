import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema/index';
import { allPermissions, CUSTOMER_ROLE } from '../../shared/roles';
import { sqlState } from '../../../db/errors';
import { AppError } from '../app-error';
import { isoInstant } from '../paging/page';
import { newCustomerRecord } from '../staff/customers-service';
import { publish } from '../events/publish';
import type { SignInMeta, StartedSession } from './employee-login';
import { createSession, revokeSession, toSessionUser, userColumns } from './sessions';

/** The verified claims of an id_token that sign-in uses. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string;
  emailVerified?: boolean;
  name?: string;
  givenName?: string;
  familyName?: string;
  picture?: string;
}

export const SIGN_IN_MESSAGES = {
  deactivated: 'This account has been deactivated. Please contact the business if you think this is a mistake.',
  unverified: 'Please verify your e-mail address with your sign-in provider, then try again.',
  linkedElsewhere: 'This e-mail address is already linked to a different sign-in account.',
} as const;

function splitName(identity: OidcIdentity) {
  const [first = '', ...rest] = (identity.name ?? '').split(/\s+/).filter(Boolean);
  return {
    firstName: (identity.givenName ?? first).slice(0, 100),
    lastName: (identity.familyName ?? rest.join(' ')).slice(0, 100),
  };
}

const isHttpUrl = (value: string | undefined) => !!value && /^https?:\/\//i.test(value) && value.length <= 2000;

const accountColumns = { ...userColumns, oidcIssuer: users.oidcIssuer, oidcSubject: users.oidcSubject };

async function findOrCreateAccount(tx: Tx, identity: OidcIdentity, adminEmails: readonly string[]) {
  const [known] = await tx
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.oidcIssuer, identity.issuer), eq(users.oidcSubject, identity.subject)))
    .limit(1);
  if (known) return known;

  // First sign-in with this identity: only a verified e-mail may claim or create an account.
  if (identity.emailVerified === false) throw new AppError('FORBIDDEN', SIGN_IN_MESSAGES.unverified);
  const [byEmail] = await tx
    .select(accountColumns)
    .from(users)
    .where(eq(sql`lower(${users.email})`, identity.email.toLowerCase()))
    .limit(1);
  if (byEmail) {
    // Same issuer, other subject: the provider gave this address to someone else. Never merge those.
    if (byEmail.oidcIssuer === identity.issuer && byEmail.oidcSubject && byEmail.oidcSubject !== identity.subject) {
      throw new AppError('CONFLICT', SIGN_IN_MESSAGES.linkedElsewhere);
    }
    const names = splitName(identity);
    const [linked] = await tx
      .update(users)
      .set({
        oidcIssuer: identity.issuer,
        oidcSubject: identity.subject,
        // Fill in what the account lacks; never overwrite what staff or the user entered.
        ...(byEmail.firstName ? {} : { firstName: names.firstName }),
        ...(byEmail.lastName ? {} : { lastName: names.lastName }),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, byEmail.id))
      .returning(accountColumns);
    return linked!;
  }

  const isAdmin = adminEmails.includes(identity.email.toLowerCase());
  const [created] = await tx
    .insert(users)
    .values({
      email: identity.email,
      ...splitName(identity),
      profileImageUrl: isHttpUrl(identity.picture) ? identity.picture : null,
      role: isAdmin ? 'admin' : 'customer',
      permissions: isAdmin ? allPermissions : [],
      oidcIssuer: identity.issuer,
      oidcSubject: identity.subject,
    })
    .returning({ ...accountColumns, updatedAt: isoInstant(users.updatedAt) });
  if (created!.role === CUSTOMER_ROLE)
    await publish(tx, { type: 'customer.created', data: newCustomerRecord(created!) });
  return created!;
}

/**
 * Signs in the person behind a verified id_token: found by issuer and subject, else by e-mail, else
 * created as a customer. ADMIN_EMAILS makes an admin. Always a new session token.
 */
export async function signInWithOidc(
  db: Tx,
  identity: OidcIdentity,
  opts: SignInMeta & { adminEmails: readonly string[] },
): Promise<StartedSession> {
  const attempt = () =>
    db.transaction(async (tx) => {
      let account = await findOrCreateAccount(tx, identity, opts.adminEmails);
      if (!account.isActive) throw new AppError('FORBIDDEN', SIGN_IN_MESSAGES.deactivated);

      const promote = opts.adminEmails.includes(account.email.toLowerCase()) && account.role !== 'admin';
      const picture =
        isHttpUrl(identity.picture) && identity.picture !== account.profileImageUrl ? identity.picture : undefined;
      if (promote || picture) {
        const [updated] = await tx
          .update(users)
          .set({
            ...(promote ? { role: 'admin' as const, permissions: allPermissions } : {}),
            ...(picture ? { profileImageUrl: picture } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, account.id))
          .returning(accountColumns);
        account = updated!;
      }

      if (opts.previousSessionId) await revokeSession(tx, opts.previousSessionId);
      const session = await createSession(tx, account.id, opts);
      const { oidcIssuer: _issuer, oidcSubject: _subject, ...user } = account;
      return { user: toSessionUser(user), ...session };
    });
  try {
    return await attempt();
  } catch (error) {
    // Two first sign-ins of one person at once: the loser finds the account the winner created.
    if (sqlState(error) === '23505') return attempt();
    throw error;
  }
}
