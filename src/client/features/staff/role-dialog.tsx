import { FormattedMessage, useIntl } from 'react-intl';
import { ZRoleForm, normalizeRoleName } from '../../../shared/staff-schema';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Form, TextareaField, TextField, useZodForm } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { PermissionChecklist } from '../../entities/roles/permission-checklist';
import { useCreateRole, usePermissionGroups, useUpdateRole, type RoleItem } from './staff-api';

/** Creates a custom role (`role` null) or changes one: its names, description and permissions. */
export function RoleDialog({ role, onClose }: { role: RoleItem | null; onClose: () => void }) {
  const intl = useIntl();
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
      title={intl.formatMessage({ id: role ? 'staff.editRole' : 'staff.createRole' })}
      description={intl.formatMessage({ id: 'staff.roleDialogDescription' })}
      className="max-w-3xl"
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="name"
            label={intl.formatMessage({ id: 'staff.roleName' })}
            hint={
              name.trim()
                ? intl.formatMessage({ id: 'staff.savedAs' }, { name: normalizeRoleName(name) })
                : intl.formatMessage({ id: 'staff.roleNameHint' })
            }
            placeholder={intl.formatMessage({ id: 'staff.roleNamePlaceholder' })}
          />
          <TextField
            name="displayName"
            label={intl.formatMessage({ id: 'staff.displayName' })}
            placeholder={intl.formatMessage({ id: 'staff.displayNamePlaceholder' })}
          />
        </div>
        <TextareaField name="description" label={intl.formatMessage({ id: 'staff.description' })} rows={2} />
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-stone-800">
            <FormattedMessage id="staff.permissions" />
          </h3>
          {groups.data ? (
            <PermissionChecklist
              groups={groups.data}
              value={(form.watch('permissions') ?? []) as string[]}
              onChange={(next) => form.setValue('permissions', next as never)}
            />
          ) : (
            <Spinner label={intl.formatMessage({ id: 'staff.loadingPermissions' })} />
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            <FormattedMessage id="staff.cancel" />
          </Button>
          <Button type="submit" disabled={pending}>
            <FormattedMessage id={pending ? 'staff.saving' : role ? 'staff.updateRole' : 'staff.createRole'} />
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
