import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { staffPermissionGroups } from '../../../shared/roles';
import { ZCreateStaffInput, ZUpdateStaffInput } from '../../../shared/staff-schema';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Form, SelectField, TextField, useZodForm } from '../../components/ui/form';
import { useRoleText } from './role-text';
import { PermissionChecklist } from '../../entities/roles/permission-checklist';
import { useCreateStaff, useSetPermissions, useUpdateStaff, type RoleItem, type StaffMember } from './staff-api';

const ZEditStaffForm = ZUpdateStaffInput.omit({ userId: true });

export function AddStaffDialog({ roles, onClose }: { roles: RoleItem[]; onClose: () => void }) {
  const intl = useIntl();
  const roleText = useRoleText();
  const create = useCreateStaff();
  const form = useZodForm(ZCreateStaffInput, {
    defaultValues: { firstName: '', lastName: '', email: '', role: 'employee' },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage({ id: 'staff.addStaffMember' })}
      description={intl.formatMessage({ id: 'staff.addStaffDescription' })}
    >
      <Form
        form={form}
        onSubmit={(values) => create.mutate(values, { onSuccess: onClose })}
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="firstName" label={intl.formatMessage({ id: 'staff.firstName' })} autoComplete="off" />
          <TextField name="lastName" label={intl.formatMessage({ id: 'staff.lastName' })} autoComplete="off" />
        </div>
        <TextField name="email" label={intl.formatMessage({ id: 'staff.email' })} type="email" autoComplete="off" />
        <SelectField
          name="role"
          label={intl.formatMessage({ id: 'staff.role' })}
          options={roles.map((r) => ({ value: r.name, label: roleText.displayName(r) }))}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            <FormattedMessage id="staff.cancel" />
          </Button>
          <Button type="submit" disabled={create.isPending}>
            <FormattedMessage id={create.isPending ? 'staff.creating' : 'staff.createStaffMember'} />
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

export function EditStaffDialog({ person, onClose }: { person: StaffMember; onClose: () => void }) {
  const intl = useIntl();
  const update = useUpdateStaff();
  const form = useZodForm(ZEditStaffForm, {
    defaultValues: { firstName: person.firstName, lastName: person.lastName, email: person.email },
  });
  return (
    <Dialog open onClose={onClose} title={intl.formatMessage({ id: 'staff.editStaffMember' })}>
      <Form
        form={form}
        onSubmit={(values) => update.mutate({ userId: person.id, ...values }, { onSuccess: onClose })}
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="firstName" label={intl.formatMessage({ id: 'staff.firstName' })} />
          <TextField name="lastName" label={intl.formatMessage({ id: 'staff.lastName' })} />
        </div>
        <TextField name="email" label={intl.formatMessage({ id: 'staff.email' })} type="email" />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            <FormattedMessage id="staff.cancel" />
          </Button>
          <Button type="submit" disabled={update.isPending}>
            <FormattedMessage id={update.isPending ? 'staff.saving' : 'staff.saveChanges'} />
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

export function PermissionsDialog({
  person,
  role,
  onClose,
}: {
  person: StaffMember;
  role: RoleItem | undefined;
  onClose: () => void;
}) {
  const intl = useIntl();
  const save = useSetPermissions();
  const [selected, setSelected] = useState<string[]>(person.permissions);
  const name = `${person.firstName} ${person.lastName}`.trim() || person.email;
  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage({ id: 'staff.permissionsFor' }, { name })}
      description={intl.formatMessage({ id: 'staff.permissionsDescription' })}
      className="max-w-2xl"
    >
      <div className="flex flex-col gap-4">
        <PermissionChecklist
          groups={staffPermissionGroups}
          value={selected}
          onChange={setSelected}
          locked={role?.permissions ?? []}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            <FormattedMessage id="staff.cancel" />
          </Button>
          <Button
            disabled={save.isPending}
            onClick={() => save.mutate({ userId: person.id, permissions: selected as never }, { onSuccess: onClose })}
          >
            <FormattedMessage id={save.isPending ? 'staff.saving' : 'staff.savePermissions'} />
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
