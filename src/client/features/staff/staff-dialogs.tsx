import { useState } from 'react';
import { staffPermissionGroups } from '../../../shared/roles';
import { ZCreateStaffInput, ZUpdateStaffInput } from '../../../shared/staff-schema';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Form, SelectField, TextField, useZodForm } from '../../components/ui/form';
import { PermissionChecklist } from '../../entities/roles/permission-checklist';
import { useCreateStaff, useSetPermissions, useUpdateStaff, type RoleItem, type StaffMember } from './staff-api';

const ZEditStaffForm = ZUpdateStaffInput.omit({ userId: true });

export function AddStaffDialog({ roles, onClose }: { roles: RoleItem[]; onClose: () => void }) {
  const create = useCreateStaff();
  const form = useZodForm(ZCreateStaffInput, {
    defaultValues: { firstName: '', lastName: '', email: '', role: 'employee' },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title="Add Staff Member"
      description="They receive an e-mail with a link to set their password."
    >
      <Form
        form={form}
        onSubmit={(values) => create.mutate(values, { onSuccess: onClose })}
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="firstName" label="First Name" autoComplete="off" />
          <TextField name="lastName" label="Last Name" autoComplete="off" />
        </div>
        <TextField name="email" label="Email" type="email" autoComplete="off" />
        <SelectField name="role" label="Role" options={roles.map((r) => ({ value: r.name, label: r.displayName }))} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Staff Member'}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

export function EditStaffDialog({ person, onClose }: { person: StaffMember; onClose: () => void }) {
  const update = useUpdateStaff();
  const form = useZodForm(ZEditStaffForm, {
    defaultValues: { firstName: person.firstName, lastName: person.lastName, email: person.email },
  });
  return (
    <Dialog open onClose={onClose} title="Edit Staff Member">
      <Form
        form={form}
        onSubmit={(values) => update.mutate({ userId: person.id, ...values }, { onSuccess: onClose })}
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="firstName" label="First Name" />
          <TextField name="lastName" label="Last Name" />
        </div>
        <TextField name="email" label="Email" type="email" />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
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
  const save = useSetPermissions();
  const [selected, setSelected] = useState<string[]>(person.permissions);
  const name = `${person.firstName} ${person.lastName}`.trim() || person.email;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Permissions for ${name}`}
      description="Tick what this person may do. Permissions that come with their role stay ticked."
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
            Cancel
          </Button>
          <Button
            disabled={save.isPending}
            onClick={() => save.mutate({ userId: person.id, permissions: selected as never }, { onSuccess: onClose })}
          >
            {save.isPending ? 'Saving...' : 'Save Permissions'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
