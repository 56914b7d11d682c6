import { z } from 'zod';
import { ZNewPassword } from './auth-schema';

export const appointmentStatuses = ['pending', 'confirmed', 'completed', 'cancelled'] as const;
export const ZAppointmentStatus = z.enum(appointmentStatuses, {
  error: 'Status must be one of: pending, confirmed, completed, cancelled',
});
export type AppointmentStatus = z.infer<typeof ZAppointmentStatus>;

/** The employee portal's actions: Confirm and Cancel a pending appointment, Mark Complete a confirmed one. */
export const portalTransitions: Record<AppointmentStatus, AppointmentStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['completed'],
  completed: [],
  cancelled: [],
};

/** An appointment as the portal and the calendars read it (both names where screens read two). */
export const ZStaffAppointment = z.object({
  id: z.string(),
  serviceId: z.string().nullable(),
  employeeId: z.string(),
  customerId: z.string(),
  userId: z.string(),
  dateTime: z.string(),
  appointmentDate: z.string(),
  duration: z.number().int(),
  notes: z.string(),
  customerNotes: z.string(),
  status: ZAppointmentStatus,
  createdAt: z.string(),
  service: z.object({ id: z.string(), name: z.string(), duration: z.number().int(), price: z.string() }).nullable(),
  customer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  employee: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
});
export type StaffAppointment = z.infer<typeof ZStaffAppointment>;

export const ZPortalStatusInput = z.object({
  appointmentId: z.string({ error: 'appointmentId is required' }).max(100),
  status: ZAppointmentStatus,
});

export const ZChangePasswordInput = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(256),
  newPassword: ZNewPassword,
});
export type ChangePasswordInput = z.infer<typeof ZChangePasswordInput>;
