import { desc, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { employeeApplications, users } from '../../../db/schema/index';
import type { EmployeeApplication, EmployeeApplicationInput } from '../../shared/employee-application-schema';
import { CUSTOMER_ROLE, defaultEmployeePermissions } from '../../shared/roles';
import { createSetPasswordToken, SET_PASSWORD_TOKEN_TTL_MS } from '../auth/password-tokens';
import { revokeUserSessions } from '../auth/sessions';
import { sqlState } from '../../../db/errors';
import { AppError } from '../app-error';
import { enqueueMail } from '../mail/outbox';
import { mailLanguage } from '../mail/mail-language';
import { publish } from '../events/publish';
import { getSettings } from '../settings/settings-service';
import { sentence } from '../../shared/i18n/sentence';

const APPLICATION_MESSAGES = {
  pendingExists: 'An application for this e-mail address is already waiting for review.',
  alreadyStaff: 'This e-mail address already belongs to a staff member. Please sign in at Employee Login instead.',
  notFound: 'Application not found.',
  alreadyReviewed: (status: string) => sentence('This application has already been {status}.', { status }),
} as const;

const columns = {
  id: employeeApplications.id,
  firstName: employeeApplications.firstName,
  lastName: employeeApplications.lastName,
  email: employeeApplications.email,
  phone: employeeApplications.phone,
  bio: employeeApplications.bio,
  experience: employeeApplications.experience,
  specialties: employeeApplications.specialties,
  status: employeeApplications.status,
  createdAt: employeeApplications.createdAt,
  reviewedAt: employeeApplications.reviewedAt,
  reviewNotes: employeeApplications.reviewNotes,
};

type Row = Omit<EmployeeApplication, 'createdAt' | 'reviewedAt'> & { createdAt: Date; reviewedAt: Date | null };

const toApplication = (row: Row): EmployeeApplication => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  reviewedAt: row.reviewedAt?.toISOString() ?? null,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function staffWithEmail(db: Tx, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()} and ${ne(users.role, CUSTOMER_ROLE)}`)
    .limit(1);
  return row;
}

/** POST /api/employee/register: a visitor applies to join the team (docs/employee-applications.md). */
export async function submitApplication(db: Tx, input: EmployeeApplicationInput): Promise<EmployeeApplication> {
  if (await staffWithEmail(db, input.email)) throw new AppError('CONFLICT', APPLICATION_MESSAGES.alreadyStaff);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(employeeApplications).values(input).returning(columns);
      const application = toApplication(row!);
      await publish(tx, { type: 'employee_application.created', data: application });
      return application;
    });
  } catch (error) {
    // The partial unique index allows one pending application per address, even under races.
    if (sqlState(error) === '23505') throw new AppError('CONFLICT', APPLICATION_MESSAGES.pendingExists);
    throw error;
  }
}

/** Every application, newest first (the admin page splits pending from processed). */
export async function listApplications(db: Tx): Promise<EmployeeApplication[]> {
  const rows = await db.select(columns).from(employeeApplications).orderBy(desc(employeeApplications.createdAt));
  return rows.map(toApplication);
}

/** Locks a pending application for review; a second review of the same one is refused. */
async function lockPending(tx: Tx, id: string) {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND', APPLICATION_MESSAGES.notFound);
  const [row] = await tx
    .select({ ...columns, userId: employeeApplications.userId })
    .from(employeeApplications)
    .where(eq(employeeApplications.id, id))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', APPLICATION_MESSAGES.notFound);
  if (row.status !== 'pending') throw new AppError('CONFLICT', APPLICATION_MESSAGES.alreadyReviewed(row.status));
  return row;
}

const hours = (ms: number) => Math.round(ms / 3_600_000);

/**
 * Approves an application: the employee account (role employee, active) is created, or an existing
 * customer account with that e-mail becomes one, and a single-use set-password link is mailed, all in
 * one transaction.
 */
export async function approveApplication(
  db: Tx,
  reviewerId: string,
  input: { id: string; notes?: string | null },
  opts: { publicUrl: string },
): Promise<EmployeeApplication> {
  return db.transaction(async (tx) => {
    const application = await lockPending(tx, input.id);
    const [existing] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(sql`lower(${users.email})`, application.email.toLowerCase()))
      .for('update');
    if (existing && existing.role !== 'customer') throw new AppError('CONFLICT', APPLICATION_MESSAGES.alreadyStaff);

    const account = {
      firstName: application.firstName,
      lastName: application.lastName,
      phone: application.phone,
      role: 'employee' as const,
      isActive: true,
      permissions: defaultEmployeePermissions,
    };
    let userId: string;
    if (existing) {
      await tx
        .update(users)
        .set({ ...account, updatedAt: sql`now()` })
        .where(eq(users.id, existing.id));
      // The person's customer sessions carried customer rights; they sign in again as staff.
      await revokeUserSessions(tx, existing.id);
      userId = existing.id;
    } else {
      const [created] = await tx
        .insert(users)
        .values({ ...account, email: application.email })
        .returning({ id: users.id });
      userId = created!.id;
    }

    const { token } = await createSetPasswordToken(tx, userId);
    const link = `${opts.publicUrl}/employee/set-password?token=${encodeURIComponent(token)}`;
    const settings = await getSettings(tx);
    const { businessName } = settings;
    const { say } = mailLanguage(application, settings);
    await enqueueMail(tx, {
      to: application.email,
      subject: say('mail.application.approvedSubject'),
      text: [
        say('mail.hello', { name: application.firstName }),
        '',
        say('mail.application.approved', { business: businessName }),
        '',
        say('mail.application.setPassword'),
        link,
        '',
        say('mail.linkExpires', { hours: hours(SET_PASSWORD_TOKEN_TTL_MS), url: `${opts.publicUrl}/employee/login` }),
        ...(input.notes ? ['', say('mail.application.reviewerNotes'), input.notes] : []),
        '',
      ].join('\n'),
    });

    const [updated] = await tx
      .update(employeeApplications)
      .set({
        status: 'approved',
        reviewedAt: sql`now()`,
        reviewedBy: reviewerId,
        reviewNotes: input.notes || null,
        userId,
      })
      .where(eq(employeeApplications.id, application.id))
      .returning(columns);
    return toApplication(updated!);
  });
}

/** Rejects an application with a reason, which is mailed to the applicant. Final. */
export async function rejectApplication(
  db: Tx,
  reviewerId: string,
  input: { id: string; notes: string },
): Promise<EmployeeApplication> {
  return db.transaction(async (tx) => {
    const application = await lockPending(tx, input.id);
    const settings = await getSettings(tx);
    const { businessName } = settings;
    const { say } = mailLanguage(application, settings);
    await enqueueMail(tx, {
      to: application.email,
      subject: say('mail.application.rejectedSubject'),
      text: [
        say('mail.hello', { name: application.firstName }),
        '',
        say('mail.application.rejected', { business: businessName }),
        '',
        say('mail.application.reason'),
        input.notes,
        '',
      ].join('\n'),
    });
    const [updated] = await tx
      .update(employeeApplications)
      .set({ status: 'rejected', reviewedAt: sql`now()`, reviewedBy: reviewerId, reviewNotes: input.notes })
      .where(eq(employeeApplications.id, application.id))
      .returning(columns);
    return toApplication(updated!);
  });
}
