import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { can, isStaffRole } from '../../../shared/roles';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/session';
import { useRoleText } from './role-text';
import { StaffCard, type StaffActions } from './staff-card';
import { AddStaffDialog, EditStaffDialog, PermissionsDialog } from './staff-dialogs';
import { ScheduleDialog } from './staff-schedule-dialog';
import { useRoles, useStaffList, type StaffMember } from './staff-api';

/** /admin/users: who works here, their role, their own permissions, their status and their week. */
export function UsersPage() {
  const intl = useIntl();
  const { user: me } = useCurrentUser();
  const [search, setSearch] = useState('');
  const list = useStaffList(search);
  const roles = useRoles();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<StaffMember | null>(null);
  const [scheduleOf, setScheduleOf] = useState<StaffMember | null>(null);

  const may: StaffActions = {
    edit: can(me, 'users.edit'),
    roles: can(me, 'users.roles'),
    permissions: can(me, 'users.permissions'),
  };
  const staffRoles = (roles.data ?? []).filter((r) => isStaffRole(r.name));
  const roleText = useRoleText();
  const roleLabel = (name: string) => {
    const role = roles.data?.find((r) => r.name === name);
    return role ? roleText.displayName(role) : name;
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id="staff.staffManagement" />
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            <FormattedMessage id="staff.staffIntro" />
          </p>
        </div>
        {may.edit && (
          <Button onClick={() => setAdding(true)}>
            <FormattedMessage id="staff.addStaff" />
          </Button>
        )}
      </div>

      <Input
        type="search"
        placeholder={intl.formatMessage({ id: 'staff.searchStaffPlaceholder' })}
        aria-label={intl.formatMessage({ id: 'staff.searchStaff' })}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="max-w-md"
      />

      {list.isLoading ? (
        <Spinner label={intl.formatMessage({ id: 'staff.loadingStaff' })} />
      ) : list.isError ? (
        <p className="text-red-700">{errorMessage(list.error)}</p>
      ) : (list.data ?? []).length === 0 ? (
        <Card>
          <CardContent className="px-5 py-10 text-center">
            <h2 className="text-lg font-semibold text-stone-900">
              <FormattedMessage id="staff.noStaffFound" />
            </h2>
            <p className="text-sm text-stone-600">
              <FormattedMessage id={search ? 'staff.tryAdjustingSearch' : 'staff.addFirstStaff'} />
            </p>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label={intl.formatMessage({ id: 'staff.staffMembers' })}>
          {list.data!.map((person) => (
            <li key={person.id}>
              <StaffCard
                person={person}
                self={person.id === me?.id}
                may={may}
                staffRoles={staffRoles}
                roleLabel={roleLabel(person.role)}
                onEdit={() => setEditing(person)}
                onPermissions={() => setPermissionsOf(person)}
                onSchedule={() => setScheduleOf(person)}
              />
            </li>
          ))}
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
