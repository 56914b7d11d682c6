import { ZWeeklyHours } from '../../shared/availability-schema';
import { z } from 'zod';
import {
  createStaff,
  getUserWeeklyHours,
  listUsers,
  setUserPermissions,
  setUserRole,
  setUserStatus,
  updateStaff,
} from '../../server/staff/users-service';
import { permissionProcedure, rest, router } from '../../server/api/trpc';
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
  list: permissionProcedure('users.view')
    .meta(
      rest({
        method: 'GET',
        path: '/admin/users',
        tags,
        summary: 'Every user by name (?role= one role, ?staff=true staff only, ?search=)',
      }),
    )
    .input(ZListUsersInput)
    .output(z.array(ZStaffUser))
    .query(({ ctx, input }) => listUsers(ctx.db, input ?? {})),

  create: permissionProcedure('users.edit')
    .meta(
      rest({
        method: 'POST',
        path: '/admin/users',
        tags,
        errors: { 409: 'The e-mail address is taken' },
        summary: 'Add a staff member and mail them a set-password link',
      }),
    )
    .input(ZCreateStaffInput)
    .output(ZStaffUser)
    .mutation(({ ctx, input }) => createStaff(ctx.db, ctx.user, input, { publicUrl: ctx.env.publicUrl })),

  update: permissionProcedure('users.edit')
    .meta(
      rest({
        method: 'PUT',
        path: '/admin/users/{userId}',
        tags,
        errors: { 404: 'No such user', 409: 'The e-mail address is taken' },
        summary: "Update someone's name and e-mail",
      }),
    )
    .input(ZUpdateStaffInput)
    .output(ZStaffUser)
    .mutation(({ ctx, input }) => updateStaff(ctx.db, ctx.user, input)),

  setRole: permissionProcedure('users.roles')
    .meta(
      rest({
        method: 'PUT',
        path: '/admin/users/{userId}/role',
        tags,
        errors: { 404: 'No such user', 409: 'The last active admin' },
        summary: "Change someone's role (not one's own; the last active admin stays)",
      }),
    )
    .input(ZSetRoleInput)
    .output(ZStaffUser)
    .mutation(({ ctx, input }) => setUserRole(ctx.db, ctx.user, input)),

  setPermissions: permissionProcedure('users.permissions')
    .meta(
      rest({
        method: 'PUT',
        path: '/admin/users/{userId}/permissions',
        tags,
        errors: { 404: 'No such user' },
        summary: "Set someone's own permissions (not one's own)",
      }),
    )
    .input(ZSetPermissionsInput)
    .output(ZStaffUser)
    .mutation(({ ctx, input }) => setUserPermissions(ctx.db, ctx.user, input)),

  setStatus: permissionProcedure('users.edit')
    .meta(
      rest({
        method: 'PUT',
        path: '/admin/users/{userId}/status',
        tags,
        errors: { 404: 'No such user', 409: 'The last active admin' },
        summary: 'Activate or deactivate someone (deactivation ends their sessions)',
      }),
    )
    .input(ZSetStatusInput)
    .output(ZStaffUser)
    .mutation(({ ctx, input }) => setUserStatus(ctx.db, ctx.user, input)),

  availability: permissionProcedure('users.view')
    .meta(
      rest({
        method: 'GET',
        path: '/admin/users/{userId}/availability',
        tags,
        errors: { 404: 'No such user' },
        summary: "Someone's weekly availability (0 Sunday … 6 Saturday)",
      }),
    )
    .input(z.object({ userId: z.string() }))
    .output(z.array(ZWeeklyHours))
    .query(({ ctx, input }) => getUserWeeklyHours(ctx.db, input.userId)),
});
