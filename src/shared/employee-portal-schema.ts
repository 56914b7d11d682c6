import { z } from 'zod';
import { ZAppointment, ZAppointmentStatus, type Appointment, type AppointmentStatus } from './appointment-schema';
import { ZNewPassword } from './auth-schema';

/**
 * The employee portal's actions: Confirm and Cancel a pending appointment, Mark Complete a confirmed one, and
 * Mark No-show either once its start has passed.
 */
export const portalTransitions: Record<AppointmentStatus, AppointmentStatus[]> = {
  pending: ['confirmed', 'cancelled', 'no_show'],
  confirmed: ['completed', 'no_show'],
  completed: [],
  cancelled: [],
  no_show: [],
};

/** The portal reads appointments in the one appointment shape. */
export const ZStaffAppointment = ZAppointment;
export type StaffAppointment = Appointment;

export const ZPortalStatusInput = z.object({
  appointmentId: z.string({ error: 'appointmentId is required' }).max(100),
  status: ZAppointmentStatus,
});

export const ZChangePasswordInput = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(256),
  newPassword: ZNewPassword,
});
export type ChangePasswordInput = z.infer<typeof ZChangePasswordInput>;

/** A staff member's private calendar subscription URL. */
export const ZCalendarFeed = z.object({ url: z.string() });
z.globalRegistry.add(ZCalendarFeed, { id: 'CalendarFeed' });
