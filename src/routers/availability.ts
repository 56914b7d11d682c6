import { z } from 'zod';
import {
  addWeeklyHours,
  changePortalWeeklyHours,
  deleteWeeklyHours,
  listAllWeeklyHours,
  listEmployeeWeeklyHours,
  listPortalWeeklyHours,
  replaceWeeklyHours,
} from '../server/availability/weekly-hours-service';
import { createOverride, deleteOverride, listOverrides } from '../server/availability/date-overrides-service';
import { permissionProcedure, rest, router, staffPersonProcedure, type Meta } from '../server/api/trpc';
import {
  ZWeeklyHours,
  ZDateOverride,
  ZCreateOverrideInput,
  ZListOverridesInput,
  ZAddWeeklyHoursInput,
  ZEmployeeIdParam,
  ZIdParam,
  ZPortalWeeklyHoursChange,
  ZPortalWeeklyHours,
  ZReplaceWeeklyHoursInput,
  ZReplaceMyWeeklyHoursInput,
} from '../shared/availability-schema';
import { ZDeleted } from '../shared/catalog-schema';

const tags = ['availability'];

/** The list may be sent as the whole body (`[...]`) or as `{ availability: [...] }`. */
const listBody = (meta: Meta): Meta => ({ ...meta, bareArrayBody: 'availability' });

// Weekly availability in three dialects: the admin calls (days 0-6, isAvailable), the caller's own week
// (/my-availability, same shape) and the employee portal (day names, isActive). All read and write the
// same rows; see docs/scheduling.md.
export const availabilityRouter = router({
  list: permissionProcedure('users.view')
    .meta(
      rest({
        method: 'GET',
        path: '/employee-availability',
        tags,
        summary: "Every staff member's weekly time windows",
      }),
    )
    .input(z.void())
    .output(z.array(ZWeeklyHours))
    .query(({ ctx }) => listAllWeeklyHours(ctx.db)),

  forEmployee: permissionProcedure('appointments.view', 'users.view')
    .meta(
      rest({
        method: 'GET',
        path: '/employee-availability/{id}',
        tags,
        errors: { 404: 'No such employee' },
        summary: "One staff member's weekly time windows",
      }),
    )
    .input(ZEmployeeIdParam)
    .output(z.array(ZWeeklyHours))
    .query(({ ctx, input }) => listEmployeeWeeklyHours(ctx.db, input.id)),

  replace: staffPersonProcedure('users.edit')
    .meta(
      listBody(
        rest({
          method: 'PUT',
          path: '/employee-availability/{id}',
          tags,
          errors: { 404: 'No such employee' },
          summary: "Replace a staff member's week (admins: anyone's; employees: their own)",
          description:
            "Replaces the whole week with the list (a bare JSON array, or {availability: [...]}); days left out have no windows afterwards. Windows must end after they start and must not overlap on one day (400). Admins change anyone's week, an employee only their own (403).",
        }),
      ),
    )
    .input(ZReplaceWeeklyHoursInput)
    .output(z.array(ZWeeklyHours))
    .mutation(({ ctx, input }) => replaceWeeklyHours(ctx.db, ctx.user, input.id, input.availability)),

  create: staffPersonProcedure('users.edit')
    .meta(
      rest({
        method: 'POST',
        path: '/employee-availability',
        tags,
        summary: 'Add one weekly time window (admins: anyone; employees: themselves)',
        errors: {
          400: 'Invalid input, end not after start, or overlaps a window of that day',
          404: 'No such employee',
        },
      }),
    )
    .input(ZAddWeeklyHoursInput)
    .output(ZWeeklyHours)
    .mutation(({ ctx, input }) => addWeeklyHours(ctx.db, ctx.user, input.employeeId, input)),

  delete: staffPersonProcedure('users.edit')
    .meta(
      rest({
        method: 'DELETE',
        path: '/employee-availability/{id}',
        tags,
        errors: { 404: 'No such time slot' },
        summary: "Delete one weekly time window (admins: anyone's; employees: their own)",
      }),
    )
    .input(ZIdParam)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteWeeklyHours(ctx.db, ctx.user, input.id)),

  mine: staffPersonProcedure()
    .meta(
      rest({
        method: 'GET',
        path: '/my-availability',
        tags,
        summary: "The signed-in staff member's weekly time windows",
      }),
    )
    .input(z.void())
    .output(z.array(ZWeeklyHours))
    .query(({ ctx }) => listEmployeeWeeklyHours(ctx.db, ctx.user.id)),

  replaceMine: staffPersonProcedure()
    .meta(
      listBody(
        rest({
          method: 'PUT',
          path: '/my-availability',
          tags,
          summary: "Replace the signed-in staff member's week",
          description:
            'Replaces the whole week with the list (a bare JSON array, or {availability: [...]}), the same shape as the admin call without employeeId. Windows must end after they start and must not overlap on one day (400).',
        }),
      ),
    )
    .input(ZReplaceMyWeeklyHoursInput)
    .output(z.array(ZWeeklyHours))
    .mutation(({ ctx, input }) => replaceWeeklyHours(ctx.db, ctx.user, ctx.user.id, input.availability)),

  portalList: staffPersonProcedure()
    .meta(
      rest({
        method: 'GET',
        path: '/employee/availability',
        tags,
        summary: "The employee portal's view of the caller's week (day names)",
      }),
    )
    .input(z.void())
    .output(z.array(ZPortalWeeklyHours))
    .query(({ ctx }) => listPortalWeeklyHours(ctx.db, ctx.user)),

  portalChange: staffPersonProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/employee/availability',
        tags,
        summary: "Add a time slot, clear a day, or delete a time slot of the caller's week",
        description:
          'Exactly one of: {dayOfWeek, available: true, startTime, endTime} adds a slot; {dayOfWeek, available: false} clears the day; {id, action: "delete"} removes a slot. Anything else is 400. Answers the week afterwards.',
        errors: {
          400: 'Not one of the three shapes, end not after start, or overlaps a slot of that day',
          404: 'No such time slot of yours',
        },
      }),
    )
    .input(ZPortalWeeklyHoursChange)
    .output(z.array(ZPortalWeeklyHours))
    .mutation(({ ctx, input }) => changePortalWeeklyHours(ctx.db, ctx.user, input)),

  overrides: staffPersonProcedure('appointments.view', 'users.view')
    .meta(
      rest({
        method: 'GET',
        path: '/availability-overrides',
        tags,
        summary: 'Date overrides (days off and special hours), by date; filter by employee and date range',
      }),
    )
    .input(ZListOverridesInput)
    .output(z.array(ZDateOverride))
    .query(({ ctx, input }) => listOverrides(ctx.db, input)),

  createOverride: staffPersonProcedure('users.edit')
    .meta(
      rest({
        method: 'POST',
        path: '/availability-overrides',
        tags,
        summary: 'Add a day off or special hours for one date (admins: anyone; employees: themselves)',
        description:
          "A date is either a day off ({isAvailable: false}) or has its own windows ({isAvailable: true, startTime, endTime}); either replaces that weekday's windows. employeeId defaults to the caller. Past dates and overlapping windows are 400, a day off beside special hours 409.",
        errors: {
          400: 'Invalid input, a past date, or overlaps a window of that date',
          404: 'No such employee',
          409: 'The date is already a day off, or has special hours',
        },
      }),
    )
    .input(ZCreateOverrideInput)
    .output(ZDateOverride)
    .mutation(({ ctx, input }) => createOverride(ctx.db, ctx.user, input)),

  deleteOverride: staffPersonProcedure('users.edit')
    .meta(
      rest({
        method: 'DELETE',
        path: '/availability-overrides/{id}',
        tags,
        errors: { 404: 'No such date override' },
        summary: "Remove a date override (admins: anyone's; employees: their own)",
      }),
    )
    .input(ZIdParam)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteOverride(ctx.db, ctx.user, input.id)),
});
