import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/en';
import { permissionGroupLabelId, permissionLabelId } from '../../../shared/permission-labels';

/** One group of the permission catalogue (src/shared/roles.ts, or as GET /api/admin/permissions lists it). */
interface PermissionGroupItem {
  group: string;
  permissions: readonly { id: string }[];
}

/**
 * The catalogue by group as checkboxes. `locked` permissions come from elsewhere (the person's role) and
 * show ticked but cannot be unticked here.
 */
export function PermissionChecklist({
  groups,
  value,
  onChange,
  locked = [],
  disabled,
}: {
  groups: readonly PermissionGroupItem[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  locked?: readonly string[];
  disabled?: boolean;
}) {
  const intl = useIntl();
  // Words of the catalogue in the page's language; one the screens do not know is named as the API names it.
  const say = (id: MessageId | undefined, name: string) => (id ? intl.formatMessage({ id }) : name);
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((p) => p !== id));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {groups.map((group) => (
        <fieldset key={group.group} className="rounded-lg border border-stone-200 p-3">
          <legend className="px-1 text-sm font-semibold text-stone-900">
            {say(permissionGroupLabelId(group.group), group.group)}
          </legend>
          <ul className="mt-1 flex flex-col gap-1.5">
            {group.permissions.map((permission) => {
              const fromRole = locked.includes(permission.id);
              return (
                <li key={permission.id}>
                  <label className="flex items-center gap-2 text-sm text-stone-800">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-brand-600"
                      checked={fromRole || value.includes(permission.id)}
                      disabled={disabled || fromRole}
                      onChange={(e) => toggle(permission.id, e.target.checked)}
                      data-permission={permission.id}
                    />
                    {say(permissionLabelId(permission.id), permission.id)}
                    {fromRole ? (
                      <span className="text-xs text-stone-600">
                        <FormattedMessage id="staff.fromRole" />
                      </span>
                    ) : null}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
