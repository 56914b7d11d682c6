import { z } from 'zod';
import { createRole, deleteRole, listPermissionGroups, listRoles, updateRole } from '../../server/staff/roles-service';
import { permissionProcedure, rest, router } from '../../server/api/trpc';
import { ZDeleted, ZIdInput } from '../../shared/catalog-schema';
import { ZCreateRoleInput, ZPermissionGroup, ZRoleRecord, ZUpdateRoleInput } from '../../shared/staff-schema';

const tags = ['roles'];

export const permissionsRouter = router({
  list: permissionProcedure('roles.view')
    .meta(
      rest({
        method: 'GET',
        path: '/admin/permissions',
        tags,
        summary: 'The permission catalogue by group',
      }),
    )
    .input(z.void())
    .output(z.array(ZPermissionGroup))
    .query(() => listPermissionGroups()),
});

export const rolesRouter = router({
  list: permissionProcedure('users.view', 'roles.view')
    .meta(
      rest({
        method: 'GET',
        path: '/admin/roles',
        tags,
        summary: 'Every role, system roles first, with how many people hold each',
      }),
    )
    .input(z.void())
    .output(z.array(ZRoleRecord))
    .query(({ ctx }) => listRoles(ctx.db)),

  create: permissionProcedure('roles.create')
    .meta(
      rest({
        method: 'POST',
        path: '/admin/roles',
        tags,
        errors: { 409: 'A role with this name exists' },
        summary: 'Create a custom role (name lowercased, whitespace to underscores)',
      }),
    )
    .input(ZCreateRoleInput)
    .output(ZRoleRecord)
    .mutation(({ ctx, input }) => createRole(ctx.db, ctx.user, input)),

  update: permissionProcedure('roles.edit')
    .meta(
      rest({
        method: 'PUT',
        path: '/admin/roles/{id}',
        tags,
        errors: { 404: 'No such role', 409: 'A system role, or a role with this name exists' },
        summary: 'Update a custom role (system roles: 409)',
      }),
    )
    .input(ZUpdateRoleInput)
    .output(ZRoleRecord)
    .mutation(({ ctx, input }) => updateRole(ctx.db, ctx.user, input)),

  delete: permissionProcedure('roles.delete')
    .meta(
      rest({
        method: 'DELETE',
        path: '/admin/roles/{id}',
        tags,
        errors: { 404: 'No such role', 409: 'A system role, or people still hold it' },
        summary: 'Delete a custom role nobody holds (system roles and held roles: 409)',
      }),
    )
    .input(ZIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteRole(ctx.db, ctx.user, input.id)),
});
