import { and, asc, eq, lte, ne, sql } from 'drizzle-orm';
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
import { emitAppointmentEvent, selectAppointments, toAppointment } from './appointment-rows';
import { requireNoShowAllowed } from './appointment-service';
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
 * appointments (anyone else's is not found). The update names the status it moves from, so two clicks at once
 * cannot both apply.
 */
export async function changeMyAppointmentStatus(
  db: Tx,
  actor: Actor,
  appointmentId: string,
  status: AppointmentStatus,
  now: Date,
): Promise<StaffAppointment> {
  if (!isUuid(appointmentId)) throw new AppError('NOT_FOUND', 'Appointment not found');
  if (status === 'no_show' && !can(actor, 'appointments.edit'))
    throw new AppError('FORBIDDEN', "You don't have permission to mark no-shows.");
  const from = (Object.keys(portalTransitions) as AppointmentStatus[]).filter((s) =>
    portalTransitions[s].includes(status),
  );
  // The change and its event commit together.
  const updated = await db.transaction(async (tx) => {
    if (from.length === 0) return [];
    const changed = await tx
      .update(appointments)
      .set({ status })
      .where(
        and(
          eq(appointments.id, appointmentId),
          eq(appointments.employeeId, actor.id),
          status === 'no_show' ? lte(appointments.startsAt, now) : undefined,
          sql`${appointments.status} in (${sql.join(
            from.map((s) => sql`${s}`),
            sql`, `,
          )})`,
        ),
      )
      .returning({ id: appointments.id });
    // Its subscribers drop the reminders of an appointment no longer live and tell the waitlist of a cancelled one.
    if (changed.length > 0)
      await emitAppointmentEvent(
        tx,
        status === 'cancelled' ? 'appointment.cancelled' : 'appointment.updated',
        appointmentId,
        { change: { kind: 'status', to: status } },
      );
    return changed;
  });
  const [row] = await selectAppointments(db).where(
    and(eq(appointments.id, appointmentId), eq(appointments.employeeId, actor.id)),
  );
  if (!row) throw new AppError('NOT_FOUND', 'Appointment not found');
  if (updated.length === 0) {
    if (status === 'no_show') requireNoShowAllowed(row, now);
    throw new AppError(
      'CONFLICT',
      sentence('A {from} appointment cannot be changed to {to}.', { from: row.status, to: status }),
    );
  }
  return toAppointment(row);
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
