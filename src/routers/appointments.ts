import { pageItems } from '../server/api/next-link';
import { z } from 'zod';
import {
  bookAppointment,
  cancelAppointment,
  getAppointment,
  listAppointments,
  rescheduleAppointment,
  setAppointmentStatus,
} from '../server/appointments/appointment-service';
import { refundDepositByHand } from '../server/appointments/deposit-settlement';
import { listBookingProviders, slotsFor } from '../server/appointments/slot-data';
import { bookingEnv } from '../server/api/booking-env';
import {
  permissionProcedure,
  personProcedure,
  publicProcedure,
  rest,
  router,
  signedInProcedure,
} from '../server/api/trpc';
import {
  ZAppointment,
  ZAppointmentIdInput,
  ZAppointmentListQuery,
  ZAppointmentStatusInput,
  ZBookAppointmentInput,
  ZBookingResult,
  ZCancelInput,
  ZBookingProvider,
  ZProvidersQuery,
  ZRescheduleInput,
  ZSlot,
  ZSlotsQuery,
} from '../shared/appointment-schema';
import { isStaffRole } from '../shared/roles';

const tags = ['appointments'];

export const appointmentsRouter = router({
  slots: publicProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/appointments/slots',
        tags,
        errors: { 404: 'No such service' },
        summary:
          "Bookable start times of a service on a date of the business time zone (optionally one employee's), each with its seats left",
      }),
    )
    .input(ZSlotsQuery)
    .output(z.array(ZSlot))
    .query(async ({ ctx, input }) => {
      const env = await bookingEnv(ctx);
      return slotsFor(ctx.db, env.settings, env.now, {
        ...input,
        includeInactive: !!ctx.user && isStaffRole(ctx.user.role),
      });
    }),

  providers: signedInProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/appointments/providers',
        tags,
        errors: { 404: 'No such service' },
        summary: 'Who performs a service (its linked staff, or every active employee when it names none)',
      }),
    )
    .input(ZProvidersQuery)
    .output(z.array(ZBookingProvider))
    .query(({ ctx, input }) =>
      listBookingProviders(ctx.db, input.serviceId, { includeInactive: isStaffRole(ctx.user.role) }),
    ),

  book: personProcedure('appointments.manage')
    .meta(
      rest({
        method: 'POST',
        path: '/appointments',
        tags,
        errors: {
          404: 'No such service, or `customerId` names no customer',
          409: 'The time is not an offered slot, or was just taken; a class is full or the customer already has a seat in it; for a series, the message names the dates that are not free',
        },
        summary:
          'Book an appointment (for the customer `customerId` names: appointments.manage; an API key must name one), or with `repeat` a weekly or biweekly series of them, all or none (409 when a time is not an offered slot); a deposit paid by card answers `paymentUrl`, where the customer pays it within 15 minutes',
      }),
    )
    .input(ZBookAppointmentInput)
    .output(ZBookingResult)
    .mutation(async ({ ctx, input }) => bookAppointment(ctx.db, ctx.user, input, await bookingEnv(ctx))),

  list: personProcedure('appointments.view')
    .meta(
      rest({
        method: 'GET',
        path: '/appointments',
        tags,
        summary:
          "The caller's appointments; everyone's for staff who view appointments (`seriesId`: one series); with `limit`, `cursor` or `updatedSince`, one page walked by updatedAt",
      }),
    )
    .input(ZAppointmentListQuery)
    .output(z.array(ZAppointment))
    .query(async ({ ctx, input }) =>
      pageItems(ctx, await listAppointments(ctx.db, ctx.user, input, await bookingEnv(ctx))),
    ),

  get: personProcedure('appointments.view')
    .meta(
      rest({
        method: 'GET',
        path: '/appointments/{id}',
        tags,
        errors: { 404: 'No such appointment of yours' },
        summary: 'One appointment: own, or any for staff who view appointments',
      }),
    )
    .input(ZAppointmentIdInput)
    .output(ZAppointment)
    .query(({ ctx, input }) => getAppointment(ctx.db, ctx.user, input.id)),

  setStatus: permissionProcedure('appointments.edit')
    .meta(
      rest({
        method: 'PUT',
        path: '/appointments/{id}/status',
        tags,
        errors: {
          400: 'Invalid input, a body that is not valid JSON, or reopening a prepaid appointment whose package has expired',
          404: 'No such appointment',
          409: 'That status change is not allowed from the current status, or reopening a prepaid appointment whose package has no sessions left',
        },
        summary: 'Set an appointment status (calendar)',
      }),
    )
    .input(ZAppointmentStatusInput)
    .output(ZAppointment)
    .mutation(async ({ ctx, input }) =>
      setAppointmentStatus(ctx.db, ctx.user, input.id, input.status, await bookingEnv(ctx)),
    ),

  cancel: personProcedure('appointments.cancel', 'appointments.edit')
    .meta(
      rest({
        method: 'POST',
        path: '/appointments/{id}/cancel',
        tags,
        queryFields: ['scope'],
        errors: {
          403: "Staff without the permission, for another person's appointment, or a cross-site request",
          404: 'No such appointment (a customer: of yours)',
          409: 'Already cancelled or completed, or within the cancellation notice',
        },
        summary:
          'Cancel an appointment, or with `scope=series` it and the later occurrences of its series (customers up to the cancellation notice)',
      }),
    )
    .input(ZCancelInput)
    .output(ZAppointment)
    .mutation(async ({ ctx, input }) => cancelAppointment(ctx.db, ctx.user, input, await bookingEnv(ctx))),

  reschedule: personProcedure('appointments.edit')
    .meta(
      rest({
        method: 'PUT',
        path: '/appointments/{id}/reschedule',
        tags,
        errors: {
          403: "Staff without the permission, for another person's appointment, or a cross-site request",
          404: 'No such appointment (a customer: of yours)',
          409: 'Not movable in its status, within the cancellation notice, or the time is not an offered slot',
        },
        summary: 'Move an appointment to another offered time (customers up to the cancellation notice)',
      }),
    )
    .input(ZRescheduleInput)
    .output(ZAppointment)
    .mutation(async ({ ctx, input }) => rescheduleAppointment(ctx.db, ctx.user, input, await bookingEnv(ctx))),

  refundDeposit: permissionProcedure('payments.refunds')
    .meta(
      rest({
        method: 'POST',
        path: '/appointments/{id}/deposit-refund',
        tags,
        errors: {
          404: 'No such appointment',
          409: 'The deposit is not paid by card, or has already been refunded',
        },
        summary: "Give an appointment's paid deposit back through the card provider that took it",
      }),
    )
    .input(ZAppointmentIdInput)
    .output(ZAppointment)
    .mutation(async ({ ctx, input }) => refundDepositByHand(ctx.db, ctx.user, input.id, await bookingEnv(ctx))),
});
