import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { isSystemRole } from '../../../shared/roles';

interface RoleText {
  name: string;
  displayName: string;
  description?: string;
}

/**
 * A role's name and description as a person reads them. The system roles (customer, employee, admin) come with
 * the product and cannot be edited: the catalogue names them in the page's language. A custom role is named as
 * the business wrote it.
 */
export function useRoleText() {
  const intl = useIntl();
  const displayName = useCallback(
    (role: RoleText) =>
      isSystemRole(role.name)
        ? intl.formatMessage({ id: 'staff.systemRoleName' }, { name: role.name, displayName: role.displayName })
        : role.displayName,
    [intl],
  );
  const description = useCallback(
    (role: RoleText) =>
      isSystemRole(role.name)
        ? intl.formatMessage(
            { id: 'staff.systemRoleDescription' },
            { name: role.name, description: role.description ?? '' },
          )
        : (role.description ?? ''),
    [intl],
  );
  return { displayName, description };
}
