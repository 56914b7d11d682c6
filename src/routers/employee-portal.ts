import { z } from 'zod';
import {
  changeMyAppointmentStatus,
  changeMyPassword,
  listMyAppointments,
} from '../server/appointments/employee-portal-service';
import { bookingEnv } from '../server/api/booking-env';
import { feedEnvOf, getCalendarFeedUrl, rotateCalendarFeed } from '../server/appointments/calendar-feed';
import { limits } from '../server/auth/rate-limit';
import { rateLimited } from '../server/http/rate-limit-middleware';
import { rest, router, staffPersonProcedure } from '../server/api/trpc';
import { ZSuccess } from '../shared/auth-schema';
import {
  ZCalendarFeed,
  ZChangePasswordInput,
  ZPortalStatusInput,
  ZStaffAppointment,
} from '../shared/employee-portal-schema';

const tags = ['employee'];
const statusErrors = {
  404: 'Not one of your appointments',
  409: 'That status change is not allowed from the current status',
};

// The employee portal: the caller's own appointments and account.
export const employeePortalRouter = router({
  appointments: staffPersonProcedure()
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

  setStatus: staffPersonProcedure()
    .meta(
      rest({
        method: 'PUT',
        path: '/employee/appointments/{appointmentId}/status',
        tags,
        summary: 'Confirm, cancel, complete or mark as a no-show one of your appointments',
        description:
          'Only pending→confirmed, pending→cancelled, confirmed→completed and pending or confirmed→no_show once the start has passed (anything else 409), on your own appointments (others 404).',
        errors: statusErrors,
      }),
    )
    .input(ZPortalStatusInput)
    .output(ZStaffAppointment)
    .mutation(async ({ ctx, input }) =>
      changeMyAppointmentStatus(ctx.db, ctx.user, input.appointmentId, input.status, await bookingEnv(ctx)),
    ),

  setStatusByBody: staffPersonProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/employee/appointments/status',
        tags,
        summary: 'Confirm, cancel, complete or mark as a no-show one of your appointments (id in the body)',
        description:
          'The same change as PUT /employee/appointments/{appointmentId}/status, with {appointmentId, status} in the body.',
        errors: statusErrors,
      }),
    )
    .input(ZPortalStatusInput)
    .output(ZStaffAppointment)
    .mutation(async ({ ctx, input }) =>
      changeMyAppointmentStatus(ctx.db, ctx.user, input.appointmentId, input.status, await bookingEnv(ctx)),
    ),

  changePassword: staffPersonProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/employee/password',
        tags,
        summary: 'Change your password (the current one is required; your other sessions end)',
        errors: { 429: 'Too many attempts' },
      }),
    )
    // Guessing the current password from a borrowed session is throttled like any password entry.
    .use(rateLimited({ rule: limits.setPasswordPerIp, by: 'ip' }))
    .input(ZChangePasswordInput)
    .output(ZSuccess)
    .mutation(({ ctx, input }) => changeMyPassword(ctx.db, ctx.user, ctx.sessionId, input)),

  calendarFeed: staffPersonProcedure()
    .meta(
      rest({
        method: 'GET',
        path: '/employee/calendar-feed',
        tags,
        summary: 'Your private calendar subscription URL (made on first use)',
        description:
          'GET the URL without a cookie for a text/calendar feed of your pending and confirmed appointments from 30 days back to 180 days ahead.',
      }),
    )
    .input(z.void())
    .output(ZCalendarFeed)
    .query(({ ctx }) => getCalendarFeedUrl(ctx.db, ctx.user.id, feedEnvOf(ctx.env))),

  rotateCalendarFeed: staffPersonProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/employee/calendar-feed/rotate',
        tags,
        summary: 'A new calendar subscription URL; the old one answers 404 at once (no body)',
        answerHoldsSecret: true,
      }),
    )
    .input(z.void())
    .output(ZCalendarFeed)
    .mutation(({ ctx }) => rotateCalendarFeed(ctx.db, ctx.user.id, feedEnvOf(ctx.env))),
});
