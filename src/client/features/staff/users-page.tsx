import { useState } from 'react';
import { Link } from 'react-router-dom';
import { can, isAdmin, isStaffRole, staffPermissionGroups } from '../../../shared/roles';
import { ZCreateStaffInput, ZUpdateStaffInput } from '../../../shared/staff-schema';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Form, SelectField, TextField, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/trpc';
import { PermissionChecklist } from '../../entities/roles/permission-checklist';
import {
  useWeeklyHoursOf,
  useCreateStaff,
  useRoles,
  useSetPermissions,
  useSetRole,
  useSetStatus,
  useStaffList,
  useUpdateStaff,
  type RoleItem,
  type StaffMember,
} from './staff-api';
import { useCurrentUser } from '../../lib/session';

const ZEditStaffForm = ZUpdateStaffInput.omit({ userId: true });

/** /admin/users: who works here, their role, their own permissions, their status and their week. */
export function UsersPage() {
  const { user: me } = useCurrentUser();
  const [search, setSearch] = useState('');
  const list = useStaffList(search);
  const roles = useRoles();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<StaffMember | null>(null);
  const [scheduleOf, setScheduleOf] = useState<StaffMember | null>(null);
  const setRole = useSetRole();
  const setStatus = useSetStatus();

  const may = {
    edit: can(me, 'users.edit'),
    roles: can(me, 'users.roles'),
    permissions: can(me, 'users.permissions'),
  };
  const staffRoles = (roles.data ?? []).filter((r) => isStaffRole(r.name));
  const roleLabel = (name: string) => roles.data?.find((r) => r.name === name)?.displayName ?? name;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Staff Management</h1>
          <p className="mt-1 text-sm text-stone-600">Manage staff members, their roles and what each may do.</p>
        </div>
        {may.edit && <Button onClick={() => setAdding(true)}>Add Staff</Button>}
      </div>

      <Input
        type="search"
        placeholder="Search staff..."
        aria-label="Search staff"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="max-w-md"
      />

      {list.isLoading ? (
        <Spinner label="Loading staff" />
      ) : list.isError ? (
        <p className="text-red-700">{errorMessage(list.error)}</p>
      ) : (list.data ?? []).length === 0 ? (
        <Card>
          <CardContent className="py-10 text-center">
            <h2 className="text-lg font-semibold text-stone-900">No staff members found</h2>
            <p className="text-sm text-stone-600">
              {search ? 'Try adjusting your search terms' : 'Add your first staff member to get started.'}
            </p>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Staff members">
          {list.data!.map((person) => {
            const self = person.id === me?.id;
            return (
              <li key={person.id}>
                <Card className="h-full" data-testid="staff-card">
                  <CardContent className="flex flex-col gap-4 p-5">
                    <div className="flex items-start justify-between gap-3">
                      <div className="flex min-w-0 items-center gap-3">
                        <span
                          aria-hidden
                          className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900"
                        >
                          {(person.firstName[0] ?? person.email[0] ?? '?').toUpperCase()}
                          {(person.lastName[0] ?? '').toUpperCase()}
                        </span>
                        <div className="min-w-0">
                          <h2 className="truncate font-semibold text-stone-900">
                            {`${person.firstName} ${person.lastName}`.trim() || person.email}
                          </h2>
                          <p className="truncate text-sm text-stone-600">{person.email}</p>
                        </div>
                      </div>
                      <div className="flex shrink-0 flex-col items-end gap-1">
                        <Badge tone={person.role === 'admin' ? 'brand' : 'secondary'}>{roleLabel(person.role)}</Badge>
                        <Badge tone={person.isActive ? 'success' : 'danger'}>
                          {person.isActive ? 'Active' : 'Inactive'}
                        </Badge>
                      </div>
                    </div>
                    <p className="text-xs text-stone-600">
                      {person.effectivePermissions.length} permission
                      {person.effectivePermissions.length === 1 ? '' : 's'}
                    </p>
                    <div className="flex flex-wrap items-center gap-2">
                      {may.roles && !self && (
                        <Select
                          aria-label={`Role of ${person.firstName} ${person.lastName}`.trim()}
                          className="w-44"
                          value={person.role}
                          options={staffRoles.map((r) => ({ value: r.name, label: r.displayName }))}
                          disabled={setRole.isPending}
                          onValueChange={(role) => role !== person.role && setRole.mutate({ userId: person.id, role })}
                        />
                      )}
                      {may.edit && (
                        <Button variant="outline" size="sm" onClick={() => setEditing(person)}>
                          Edit
                        </Button>
                      )}
                      {may.permissions && !self && person.role !== 'admin' && (
                        <Button variant="outline" size="sm" onClick={() => setPermissionsOf(person)}>
                          Permissions
                        </Button>
                      )}
                      <Button variant="outline" size="sm" onClick={() => setScheduleOf(person)}>
                        Schedule
                      </Button>
                      {may.edit && !self && (
                        <Button
                          variant={person.isActive ? 'ghost' : 'outline'}
                          size="sm"
                          disabled={setStatus.isPending}
                          onClick={() => setStatus.mutate({ userId: person.id, isActive: !person.isActive })}
                        >
                          {person.isActive ? 'Deactivate' : 'Activate'}
                        </Button>
                      )}
                    </div>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}

      {adding && <AddStaffDialog roles={staffRoles} onClose={() => setAdding(false)} />}
      {editing && <EditStaffDialog person={editing} onClose={() => setEditing(null)} />}
      {permissionsOf && (
        <PermissionsDialog
          person={permissionsOf}
          role={roles.data?.find((r) => r.name === permissionsOf.role)}
          onClose={() => setPermissionsOf(null)}
        />
      )}
      {scheduleOf && <ScheduleDialog person={scheduleOf} onClose={() => setScheduleOf(null)} />}
    </div>
  );
}

function AddStaffDialog({ roles, onClose }: { roles: RoleItem[]; onClose: () => void }) {
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

function EditStaffDialog({ person, onClose }: { person: StaffMember; onClose: () => void }) {
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

function PermissionsDialog({
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

// Monday to Sunday, as the weekly grid reads (0 is Sunday).
const WEEK = [
  [1, 'Monday'],
  [2, 'Tuesday'],
  [3, 'Wednesday'],
  [4, 'Thursday'],
  [5, 'Friday'],
  [6, 'Saturday'],
  [0, 'Sunday'],
] as const;

function ScheduleDialog({ person, onClose }: { person: StaffMember; onClose: () => void }) {
  const week = useWeeklyHoursOf(person.id);
  const { user: me } = useCurrentUser();
  const name = `${person.firstName} ${person.lastName}`.trim() || person.email;
  return (
    <Dialog open onClose={onClose} title={`Schedule for ${name}`} description="Weekly availability">
      {week.isLoading ? (
        <Spinner label="Loading schedule" />
      ) : week.isError ? (
        <p className="text-red-700">{errorMessage(week.error)}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col divide-y divide-stone-100 rounded-lg border border-stone-200">
            {WEEK.map(([day, label]) => {
              const today = week.data!.filter((h) => h.dayOfWeek === day && h.isAvailable);
              return (
                <li key={day} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <span className="font-medium text-stone-900">{label}</span>
                  <span className={today.length ? 'text-stone-800' : 'text-stone-600'}>
                    {today.length ? today.map((h) => `${h.startTime} - ${h.endTime}`).join(', ') : 'Not available'}
                  </span>
                </li>
              );
            })}
          </ul>
          {isAdmin(me) && (
            <Link to="/admin/employee-schedules" className={buttonClass('outline', 'md', 'self-end')}>
              Edit in All Schedules
            </Link>
          )}
        </div>
      )}
    </Dialog>
  );
}
