import { z } from 'zod';
import { permissionProcedure, rest, router, staffPersonProcedure } from '../server/api/trpc';
import { requestLocale } from '../server/api/request-locale';
import { calendarEnvOf } from '../server/calendars/calendar-env';
import { requireEmployee } from '../server/availability/weekly-hours-service';
import {
  busyTimes,
  chooseCalendars,
  connectCalendar,
  listConnections,
  removeConnection,
  sayLastError,
  withoutSecretAddress,
  syncNow,
} from '../server/calendars/connections-service';
import { ZSuccess } from '../shared/auth-schema';
import {
  ZBusyTime,
  ZBusyTimesInput,
  ZMyBusyTimesInput,
  ZCalendarConnection,
  ZChooseCalendarsInput,
  ZConnectCalendarInput,
  ZConnectionIdInput,
} from '../shared/calendar-schema';

const tags = ['calendars'];
const notFound = { 404: 'Not one of your calendar connections' };

// A staff member's own calendars (CalDAV accounts, ICS addresses): their busy times block their slots, and their
// bookings are written to the one that receives them (docs/calendars.md). A person's own: API keys are refused.
export const calendarsRouter = router({
  list: staffPersonProcedure()
    .meta(
      rest({ method: 'GET', path: '/employee/calendars', tags, summary: 'Your connected calendars and their state' }),
    )
    .input(z.void())
    .output(z.array(ZCalendarConnection))
    .query(async ({ ctx }) => (await listConnections(ctx.db, ctx.user.id)).map(sayLastError(requestLocale(ctx.req)))),

  connect: staffPersonProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/employee/calendars',
        tags,
        summary:
          'Connect a CalDAV account ({kind: "caldav", url, username, password}) or an ICS address ({kind: "ics", url})',
        description:
          'The server is reached first: refused credentials or an unreachable server answer 400 with a sentence and nothing is stored. CalDAV discovers the calendars; all read busy and the first receives bookings. The first sync starts at once.',
        errors: { 400: 'Credentials refused, server unreachable or not a calendar' },
      }),
    )
    .input(ZConnectCalendarInput)
    .output(ZCalendarConnection)
    .mutation(({ ctx, input }) => connectCalendar(ctx.db, ctx.user.id, input, calendarEnvOf(ctx.env))),

  choose: staffPersonProcedure()
    .meta(
      rest({
        method: 'PUT',
        path: '/employee/calendars/{id}',
        tags,
        summary: 'Choose which calendars read busy and the one that receives bookings (at most one)',
        errors: notFound,
      }),
    )
    .input(ZChooseCalendarsInput)
    .output(ZCalendarConnection)
    .mutation(async ({ ctx, input }) =>
      sayLastError(requestLocale(ctx.req))(await chooseCalendars(ctx.db, ctx.user.id, input)),
    ),

  remove: staffPersonProcedure()
    .meta(
      rest({
        method: 'DELETE',
        path: '/employee/calendars/{id}',
        tags,
        summary: 'Remove a connection and its busy times',
        errors: notFound,
      }),
    )
    .input(ZConnectionIdInput)
    .output(ZSuccess)
    .mutation(({ ctx, input }) => removeConnection(ctx.db, ctx.user.id, input.id)),

  sync: staffPersonProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/employee/calendars/{id}/sync',
        tags,
        summary: 'Sync now (no body): starts a sync at once and answers the connection',
        errors: notFound,
      }),
    )
    .input(ZConnectionIdInput)
    .output(ZCalendarConnection)
    .mutation(async ({ ctx, input }) =>
      sayLastError(requestLocale(ctx.req))(await syncNow(ctx.db, ctx.user.id, input.id)),
    ),

  myBusy: staffPersonProcedure()
    .meta(
      rest({
        method: 'GET',
        path: '/employee/calendars/busy',
        tags,
        summary: 'Your busy times from your own calendars between two dates (no titles)',
      }),
    )
    .input(ZMyBusyTimesInput)
    .output(z.array(ZBusyTime))
    .query(async ({ ctx, input }) => busyTimes(ctx.db, [ctx.user.id], input, (await ctx.settings.get()).timezone)),

  employeeConnections: permissionProcedure('users.view')
    .meta(
      rest({
        method: 'GET',
        path: '/admin/employees/{id}/calendars',
        tags,
        summary: "An employee's connected calendars and their state (never a password)",
        description:
          'An ICS address is answered by its origin only (`https://calendar.google.com/…`): a secret address reads the calendar.',
        errors: { 404: 'No such employee' },
      }),
    )
    .input(ZConnectionIdInput)
    .output(z.array(ZCalendarConnection))
    .query(async ({ ctx, input }) => {
      await requireEmployee(ctx.db, input.id);
      return (await listConnections(ctx.db, input.id))
        .map(sayLastError(requestLocale(ctx.req)))
        .map(withoutSecretAddress);
    }),

  busy: permissionProcedure('appointments.calendar')
    .meta(
      rest({
        method: 'GET',
        path: '/admin/calendar/busy',
        tags,
        summary: "Staff's busy times from their own calendars between two dates (?employeeId= one person), no titles",
        errors: { 404: 'No such employee (employeeId)' },
      }),
    )
    .input(ZBusyTimesInput)
    .output(z.array(ZBusyTime))
    .query(async ({ ctx, input }) => {
      if (input.employeeId) await requireEmployee(ctx.db, input.employeeId);
      return busyTimes(
        ctx.db,
        input.employeeId ? [input.employeeId] : null,
        input,
        (await ctx.settings.get()).timezone,
      );
    }),
});
