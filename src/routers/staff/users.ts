import { ZAvailabilityEntry } from '../../shared/availability-schema';
import { z } from 'zod';
import { access } from '../../server/access';
import {
  createStaff,
  getUserAvailability,
  listUsers,
  setUserPermissions,
  setUserRole,
  setUserStatus,
  updateStaff,
} from '../../server/staff/users-service';
import { authedProcedure, rest, router } from '../../server/trpc';
import {
  ZCreateStaffInput,
  ZListUsersInput,
  ZSetPermissionsInput,
  ZSetRoleInput,
  ZSetStatusInput,
  ZStaffUser,
  ZUpdateStaffInput,
} from '../../shared/staff-schema';

const tags = ['users'];

export const usersRouter = router({
  list: authedProcedure
    .meta(
      rest(access.permission('users.view'), {
        method: 'GET',
        path: '/admin/users',
        tags,
        summary: 'Every user by name (?role= one role, ?staff=true staff only, ?search=)',
      }),
    )
    .input(ZListUsersInput)
    .output(z.array(ZStaffUser))
    .query(({ ctx, input }) => listUsers(ctx.db, input ?? {})),

  create: authedProcedure
    .meta(
      rest(access.permission('users.edit'), {
        method: 'POST',
        path: '/admin/users',
        tags,
        summary: 'Add a staff member and mail them a set-password link',
      }),
    )
    .input(ZCreateStaffInput)
    .output(ZStaffUser)
    .mutation(({ ctx, input }) => createStaff(ctx.db, ctx.user, input, { publicUrl: ctx.env.publicUrl })),

  update: authedProcedure
    .meta(
      rest(access.permission('users.edit'), {
        method: 'PUT',
        path: '/admin/users/{userId}',
        tags,
        summary: "Update someone's name and e-mail",
      }),
    )
    .input(ZUpdateStaffInput)
    .output(ZStaffUser)
    .mutation(({ ctx, input }) => updateStaff(ctx.db, ctx.user, input)),

  setRole: authedProcedure
    .meta(
      rest(access.permission('users.roles'), {
        method: 'PUT',
        path: '/admin/users/{userId}/role',
        tags,
        summary: "Change someone's role (not one's own; the last active admin stays)",
      }),
    )
    .input(ZSetRoleInput)
    .output(ZStaffUser)
    .mutation(({ ctx, input }) => setUserRole(ctx.db, ctx.user, input)),

  setPermissions: authedProcedure
    .meta(
      rest(access.permission('users.permissions'), {
        method: 'PUT',
        path: '/admin/users/{userId}/permissions',
        tags,
        summary: "Set someone's own permissions (not one's own)",
      }),
    )
    .input(ZSetPermissionsInput)
    .output(ZStaffUser)
    .mutation(({ ctx, input }) => setUserPermissions(ctx.db, ctx.user, input)),

  setStatus: authedProcedure
    .meta(
      rest(access.permission('users.edit'), {
        method: 'PUT',
        path: '/admin/users/{userId}/status',
        tags,
        summary: 'Activate or deactivate someone (deactivation ends their sessions)',
      }),
    )
    .input(ZSetStatusInput)
    .output(ZStaffUser)
    .mutation(({ ctx, input }) => setUserStatus(ctx.db, ctx.user, input)),

  availability: authedProcedure
    .meta(
      rest(access.permission('users.view'), {
        method: 'GET',
        path: '/admin/users/{userId}/availability',
        tags,
        summary: "Someone's weekly availability (0 Sunday … 6 Saturday)",
      }),
    )
    .input(z.object({ userId: z.string() }))
    .output(z.array(ZAvailabilityEntry))
    .query(({ ctx, input }) => getUserAvailability(ctx.db, input.userId)),
});
