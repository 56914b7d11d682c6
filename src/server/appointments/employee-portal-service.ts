import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { appointments, sessions, users } from '../../../db/schema/index';
import type { AppointmentStatus } from '../../shared/appointment-schema';
import {
  portalTransitions,
  type ChangePasswordInput,
  type StaffAppointment,
} from '../../shared/employee-portal-schema';
import type { Actor } from '../auth/sessions';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { isUuid } from '../../shared/ids';
import { can } from '../../shared/roles';
import { AppError } from '../app-error';
import { eventActor } from '../events/domain-events';
import { appointmentRow, selectAppointments, toAppointment } from './appointment-rows';
import { requireNoShowAllowed, setStatusInTransaction, type BookingEnv } from './appointment-service';
import { sentence } from '../../shared/i18n/sentence';

/** The caller's own appointments as their provider, in time order (the screens split upcoming and past). */
export async function listMyAppointments(db: Tx, actor: Actor): Promise<StaffAppointment[]> {
  const rows = await selectAppointments(db)
    .where(eq(appointments.employeeId, actor.id))
    .orderBy(asc(appointments.startsAt), asc(appointments.id));
  return rows.map(toAppointment);
}

/**
 * The portal's Confirm, Cancel, Mark Complete and Mark No-show: only pending→confirmed, pending→cancelled,
 * confirmed→completed and pending or confirmed→no_show (once the start has passed), on the caller's own
 * appointments (anyone else's is not found). Once allowed, the change is the calendar's (setStatusInTransaction):
 * a cancellation within the notice gives back a package session or a paid deposit, a no-show keeps them. The row
 * is locked while it is checked and changed, so of two clicks at once the second finds the first's status.
 */
export async function changeMyAppointmentStatus(
  db: Tx,
  actor: Actor,
  appointmentId: string,
  status: AppointmentStatus,
  env: BookingEnv,
): Promise<StaffAppointment> {
  if (!isUuid(appointmentId)) throw new AppError('NOT_FOUND', 'Appointment not found');
  if (status === 'no_show' && !can(actor, 'appointments.edit'))
    throw new AppError('FORBIDDEN', "You don't have permission to mark no-shows.");
  await db.transaction(async (tx) => {
    const [row] = await selectAppointments(tx)
      .where(and(eq(appointments.id, appointmentId), eq(appointments.employeeId, actor.id)))
      .for('update', { of: appointments });
    if (!row) throw new AppError('NOT_FOUND', 'Appointment not found');
    if (status === 'no_show') requireNoShowAllowed(row, env.now);
    if (!portalTransitions[row.status].includes(status))
      throw new AppError(
        'CONFLICT',
        sentence(
          'A {from, select, no_show {no-show} other {{from}}} appointment cannot be changed to {to, select, no_show {no-show} other {{to}}}.',
          { from: row.status, to: status },
        ),
      );
    await setStatusInTransaction(tx, row, status, env, eventActor(actor));
  });
  return toAppointment((await appointmentRow(db, appointmentId))!);
}

/**
 * Changes the caller's password after checking the current one, and ends every other session of theirs
 * (a stolen session stops working); the session that made the change stays signed in.
 */
export async function changeMyPassword(
  db: Db,
  actor: Actor,
  sessionId: string | null,
  input: ChangePasswordInput,
): Promise<{ success: true }> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, actor.id));
  if (!row?.passwordHash) {
    throw new AppError(
      'BAD_REQUEST',
      'This account signs in through the identity provider and has no password to change.',
    );
  }
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', 'The current password is not correct.');
  }
  if (input.currentPassword === input.newPassword) {
    throw new AppError('BAD_REQUEST', 'The new password must be different from the current one.');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, actor.id));
    await tx
      .delete(sessions)
      .where(
        sessionId ? and(eq(sessions.userId, actor.id), ne(sessions.id, sessionId)) : eq(sessions.userId, actor.id),
      );
  });
  return { success: true };
}
