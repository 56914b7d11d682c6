import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Select } from '../../components/ui/select';
import { useRoleText } from './role-text';
import { useSetRole, useSetStatus, type RoleItem, type StaffMember } from './staff-api';

/** What the signed-in person may do to the staff on /admin/users. */
export interface StaffActions {
  edit: boolean;
  roles: boolean;
  permissions: boolean;
}

/** One staff member on /admin/users: who they are, their role and status, and the actions the viewer may take. */
export function StaffCard({
  person,
  self,
  may,
  staffRoles,
  roleLabel,
  onEdit,
  onPermissions,
  onSchedule,
}: {
  person: StaffMember;
  /** The viewer themself: no role change, permissions or deactivation of one's own account. */
  self: boolean;
  may: StaffActions;
  staffRoles: RoleItem[];
  roleLabel: string;
  onEdit: () => void;
  onPermissions: () => void;
  onSchedule: () => void;
}) {
  const intl = useIntl();
  const roleText = useRoleText();
  const setRole = useSetRole();
  const setStatus = useSetStatus();
  return (
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
            <Badge tone={person.role === 'admin' ? 'brand' : 'secondary'}>{roleLabel}</Badge>
            <Badge tone={person.isActive ? 'success' : 'danger'}>
              <FormattedMessage id={person.isActive ? 'staff.active' : 'staff.inactive'} />
            </Badge>
          </div>
        </div>
        <p className="text-xs text-stone-600">
          <FormattedMessage id="staff.permissionCount" values={{ count: person.effectivePermissions.length }} />
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {may.roles && !self && (
            <Select
              aria-label={intl
                .formatMessage({ id: 'staff.roleOf' }, { name: `${person.firstName} ${person.lastName}` })
                .trim()}
              className="w-44"
              value={person.role}
              options={staffRoles.map((r) => ({ value: r.name, label: roleText.displayName(r) }))}
              disabled={setRole.isPending}
              onValueChange={(role) => role !== person.role && setRole.mutate({ userId: person.id, role })}
            />
          )}
          {may.edit && (
            <Button variant="outline" size="sm" onClick={onEdit}>
              <FormattedMessage id="staff.edit" />
            </Button>
          )}
          {may.permissions && !self && person.role !== 'admin' && (
            <Button variant="outline" size="sm" onClick={onPermissions}>
              <FormattedMessage id="staff.permissions" />
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={onSchedule}>
            <FormattedMessage id="staff.schedule" />
          </Button>
          {may.edit && !self && (
            <Button
              variant={person.isActive ? 'ghost' : 'outline'}
              size="sm"
              disabled={setStatus.isPending}
              onClick={() => setStatus.mutate({ userId: person.id, isActive: !person.isActive })}
            >
              <FormattedMessage id={person.isActive ? 'staff.deactivate' : 'staff.activate'} />
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
