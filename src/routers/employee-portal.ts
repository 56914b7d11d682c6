import { z } from 'zod';
import {
  changeMyAppointmentStatus,
  changeMyPassword,
  listMyAppointments,
} from '../server/appointments/employee-portal-service';
import { limits } from '../server/auth/rate-limit';
import { rateLimited } from '../server/http/rate-limit-middleware';
import { rest, router, staffProcedure } from '../server/api/trpc';
import { ZSuccess } from '../shared/auth-schema';
import { ZChangePasswordInput, ZPortalStatusInput, ZStaffAppointment } from '../shared/employee-portal-schema';

const tags = ['employee'];
const statusErrors = {
  404: 'Not one of your appointments',
  409: 'That status change is not allowed from the current status',
};

// The employee portal: the caller's own appointments and account.
export const employeePortalRouter = router({
  appointments: staffProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/employee/appointments',
        tags,
        summary: "The caller's appointments as provider, with customer and service, in time order",
      }),
    )
    .input(z.void())
    .output(z.array(ZStaffAppointment))
    .query(({ ctx }) => listMyAppointments(ctx.db, ctx.user)),

  setStatus: staffProcedure
    .meta(
      rest({
        method: 'PUT',
        path: '/employee/appointments/{appointmentId}/status',
        tags,
        summary: 'Confirm, cancel or complete one of your appointments',
        description:
          'Only pending→confirmed, pending→cancelled and confirmed→completed (anything else 409), on your own appointments (others 404).',
        errors: statusErrors,
      }),
    )
    .input(ZPortalStatusInput)
    .output(ZStaffAppointment)
    .mutation(({ ctx, input }) => changeMyAppointmentStatus(ctx.db, ctx.user, input.appointmentId, input.status)),

  setStatusByBody: staffProcedure
    .meta(
      rest({
        method: 'POST',
        path: '/employee/appointments/status',
        tags,
        summary: 'Confirm, cancel or complete one of your appointments (id in the body)',
        description:
          'The same change as PUT /employee/appointments/{appointmentId}/status, with {appointmentId, status} in the body.',
        errors: statusErrors,
      }),
    )
    .input(ZPortalStatusInput)
    .output(ZStaffAppointment)
    .mutation(({ ctx, input }) => changeMyAppointmentStatus(ctx.db, ctx.user, input.appointmentId, input.status)),

  changePassword: staffProcedure
    .meta(
      rest({
        method: 'POST',
        path: '/employee/password',
        tags,
        summary: 'Change your password (the current one is required; your other sessions end)',
      }),
    )
    // Guessing the current password from a borrowed session is throttled like any password entry.
    .use(rateLimited({ rule: limits.setPasswordPerIp, by: 'ip' }))
    .input(ZChangePasswordInput)
    .output(ZSuccess)
    .mutation(({ ctx, input }) => changeMyPassword(ctx.db, ctx.user, ctx.sessionId, input)),
});
