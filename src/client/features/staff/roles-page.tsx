import { useState } from 'react';
import { can } from '../../../shared/roles';
import { ZRoleForm, normalizeRoleName } from '../../../shared/staff-schema';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ListCard } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Form, TextareaField, TextField, useZodForm } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/trpc';
import { PermissionChecklist } from '../../entities/roles/permission-checklist';
import { useCreateRole, useDeleteRole, usePermissionGroups, useRoles, useUpdateRole, type RoleItem } from './staff-api';
import { useCurrentUser } from '../../lib/session';

/** /admin/roles: the system roles (read only) and the business's own roles. */
export function RolesPage() {
  const { user: me } = useCurrentUser();
  const roles = useRoles();
  const [editing, setEditing] = useState<RoleItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleItem | null>(null);
  const remove = useDeleteRole();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Role Management</h1>
          <p className="mt-1 text-sm text-stone-600">Roles give a group of people the same permissions.</p>
        </div>
        {can(me, 'roles.create') && <Button onClick={() => setEditing('new')}>Create Role</Button>}
      </div>

      {roles.isLoading ? (
        <Spinner label="Loading roles" />
      ) : roles.isError ? (
        <p className="text-red-700">{errorMessage(roles.error)}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Roles">
          {roles.data!.map((role) => (
            <li key={role.id}>
              <ListCard
                data-testid="role-card"
                heading={
                  <>
                    <h2 className="font-semibold text-stone-900">{role.displayName}</h2>
                    <p className="text-xs text-stone-600">{role.name}</p>
                  </>
                }
                badge={
                  role.isSystemRole ? <Badge tone="neutral">System</Badge> : <Badge tone="secondary">Custom</Badge>
                }
                actions={
                  role.isSystemRole ? (
                    <p className="text-xs text-stone-600">System roles can't be edited.</p>
                  ) : (
                    <div className="flex gap-2">
                      {can(me, 'roles.edit') && (
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setEditing(role)}
                          aria-label={`Edit ${role.displayName}`}
                        >
                          Edit
                        </Button>
                      )}
                      {can(me, 'roles.delete') && (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setDeleting(role)}
                          aria-label={`Delete ${role.displayName}`}
                        >
                          Delete
                        </Button>
                      )}
                    </div>
                  )
                }
              >
                {role.description && <p className="text-sm text-stone-700">{role.description}</p>}
                <p className="text-sm text-stone-700">
                  {role.permissions.length} permission{role.permissions.length === 1 ? '' : 's'} · {role.userCount}{' '}
                  {role.userCount === 1 ? 'person' : 'people'}
                </p>
              </ListCard>
            </li>
          ))}
        </ul>
      )}

      {editing && <RoleDialog role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title="Delete Role"
        description="Are you sure you want to delete this role? This action cannot be undone."
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSettled: () => setDeleting(null) })}
      />
    </div>
  );
}

function RoleDialog({ role, onClose }: { role: RoleItem | null; onClose: () => void }) {
  const groups = usePermissionGroups();
  const create = useCreateRole();
  const update = useUpdateRole();
  const pending = create.isPending || update.isPending;
  const form = useZodForm(ZRoleForm, {
    defaultValues: {
      name: role?.name ?? '',
      displayName: role?.displayName ?? '',
      description: role?.description ?? '',
      permissions: (role?.permissions ?? []) as never,
    },
  });
  const name = form.watch('name') ?? '';

  const submit = (values: {
    name?: string | null;
    displayName?: string | null;
    description?: string | null;
    permissions?: string[] | null;
  }) => {
    const body = {
      name: normalizeRoleName(values.name ?? ''),
      displayName: (values.displayName ?? '').trim(),
      description: values.description ?? '',
      permissions: (values.permissions ?? []) as never,
    };
    if (role) update.mutate({ id: role.id, ...body }, { onSuccess: onClose });
    else create.mutate({ ...body, isSystemRole: false }, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={role ? 'Edit Role' : 'Create Role'}
      description="Choose what holders of this role may do."
      className="max-w-3xl"
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="name"
            label="Role Name"
            hint={name.trim() ? `Saved as ${normalizeRoleName(name)}` : 'Lowercase; spaces become underscores'}
            placeholder="e.g. front desk"
          />
          <TextField name="displayName" label="Display Name" placeholder="e.g. Front Desk" />
        </div>
        <TextareaField name="description" label="Description" rows={2} />
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-stone-800">Permissions</h3>
          {groups.data ? (
            <PermissionChecklist
              groups={groups.data}
              value={(form.watch('permissions') ?? []) as string[]}
              onChange={(next) => form.setValue('permissions', next as never)}
            />
          ) : (
            <Spinner label="Loading permissions" />
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : role ? 'Update Role' : 'Create Role'}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
