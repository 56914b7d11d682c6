import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { can } from '../../../shared/roles';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ListCard } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/trpc';
import { RoleDialog } from './role-dialog';
import { useRoleText } from './role-text';
import { useDeleteRole, useRoles, type RoleItem } from './staff-api';
import { useCurrentUser } from '../../lib/session';

/** /admin/roles: the system roles (read only) and the business's own roles. */
export function RolesPage() {
  const intl = useIntl();
  const roleText = useRoleText();
  const { user: me } = useCurrentUser();
  const roles = useRoles();
  const [editing, setEditing] = useState<RoleItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleItem | null>(null);
  const remove = useDeleteRole();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id="staff.roleManagement" />
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            <FormattedMessage id="staff.rolesIntro" />
          </p>
        </div>
        {can(me, 'roles.create') && (
          <Button onClick={() => setEditing('new')}>
            <FormattedMessage id="staff.createRole" />
          </Button>
        )}
      </div>

      {roles.isLoading ? (
        <Spinner label={intl.formatMessage({ id: 'staff.loadingRoles' })} />
      ) : roles.isError ? (
        <p className="text-red-700">{errorMessage(roles.error)}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={intl.formatMessage({ id: 'staff.roles' })}>
          {roles.data!.map((role) => (
            <li key={role.id}>
              <ListCard
                data-testid="role-card"
                heading={
                  <>
                    <h2 className="font-semibold text-stone-900">{roleText.displayName(role)}</h2>
                    {/* The role's identifier, as the API names it: not words to translate. */}
                    <p className="text-xs text-stone-600" translate="no">
                      {role.name}
                    </p>
                  </>
                }
                badge={
                  role.isSystemRole ? (
                    <Badge tone="neutral">
                      <FormattedMessage id="staff.systemRole" />
                    </Badge>
                  ) : (
                    <Badge tone="secondary">
                      <FormattedMessage id="staff.customRole" />
                    </Badge>
                  )
                }
                actions={
                  role.isSystemRole ? (
                    <p className="text-xs text-stone-600">
                      <FormattedMessage id="staff.systemRolesReadOnly" />
                    </p>
                  ) : (
                    <div className="flex gap-2">
                      {can(me, 'roles.edit') && (
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setEditing(role)}
                          aria-label={intl.formatMessage(
                            { id: 'staff.editNamed' },
                            { name: roleText.displayName(role) },
                          )}
                        >
                          <FormattedMessage id="staff.edit" />
                        </Button>
                      )}
                      {can(me, 'roles.delete') && (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setDeleting(role)}
                          aria-label={intl.formatMessage(
                            { id: 'staff.deleteNamed' },
                            { name: roleText.displayName(role) },
                          )}
                        >
                          <FormattedMessage id="staff.delete" />
                        </Button>
                      )}
                    </div>
                  )
                }
              >
                {role.description && <p className="text-sm text-stone-700">{roleText.description(role)}</p>}
                <p className="text-sm text-stone-700">
                  <FormattedMessage
                    id="staff.roleSummary"
                    values={{ permissions: role.permissions.length, people: role.userCount }}
                  />
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
        title={intl.formatMessage({ id: 'staff.deleteRole' })}
        description={intl.formatMessage({ id: 'staff.deleteRoleConfirm' })}
        confirmLabel={intl.formatMessage({ id: 'staff.delete' })}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSettled: () => setDeleting(null) })}
      />
    </div>
  );
}
