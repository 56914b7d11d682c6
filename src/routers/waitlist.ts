import { z } from 'zod';
import { joinWaitlist, leaveWaitlist, listMyWaitlist } from '../server/appointments/waitlist-service';
import { personProcedure, rest, router } from '../server/api/trpc';
import { ZDeleted } from '../shared/catalog-schema';
import { ZJoinWaitlistInput, ZWaitlistEntry, ZWaitlistIdInput } from '../shared/waitlist-schema';

const tags = ['waitlist'];

// A customer's waitlist entries: wait for a time to open for a service on a fully booked day.
export const waitlistRouter = router({
  join: personProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/waitlist',
        tags,
        summary: 'Wait for a time to open for a service on a date (optionally with one employee)',
        description:
          'When a time opens on that date (a cancellation, a reschedule away, new weekly hours or special hours for the date), you get one e-mail, "A time opened up", with a link to book it, and the entry ends. Entries carry the service name and the employee name (null: anyone).',
        errors: {
          400: 'A date in the past or beyond the booking window',
          404: 'No such service',
          409: 'Already waiting for that service on that date',
        },
      }),
    )
    .input(ZJoinWaitlistInput)
    .output(ZWaitlistEntry)
    .mutation(async ({ ctx, input }) =>
      joinWaitlist(ctx.db, ctx.user, input, { settings: await ctx.settings.get(), now: new Date() }),
    ),

  list: personProcedure()
    .meta(
      rest({
        method: 'GET',
        path: '/waitlist',
        tags,
        summary: 'Your waitlist entries from today on, soonest date first',
      }),
    )
    .input(z.void())
    .output(z.array(ZWaitlistEntry))
    .query(({ ctx }) => listMyWaitlist(ctx.db, ctx.user)),

  leave: personProcedure()
    .meta(
      rest({
        method: 'DELETE',
        path: '/waitlist/{id}',
        tags,
        summary: 'Leave the waitlist (your own entries; others 404)',
        errors: { 404: 'Not one of your waitlist entries' },
      }),
    )
    .input(ZWaitlistIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => leaveWaitlist(ctx.db, ctx.user, input.id)),
});
