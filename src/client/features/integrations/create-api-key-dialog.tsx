import { FormattedMessage, useIntl } from 'react-intl';
import { ZApiKeyForm, expiryFromDay } from '../../../shared/integrations-schema';
import { can, permissionGroups } from '../../../shared/roles';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { PermissionChecklist } from '../../entities/roles/permission-checklist';
import { useCurrentUser } from '../../lib/session';
import type { Revealed } from './integration-section';
import { useCreateApiKey } from './integrations-api';

/** Names a key, ticks what it may do (never more than its creator may) and gives it an optional last day. */
export function CreateApiKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (revealed: Revealed) => void;
}) {
  const intl = useIntl();
  const { user: me } = useCurrentUser();
  const create = useCreateApiKey();
  const form = useZodForm(ZApiKeyForm, { defaultValues: { name: '', permissions: [], expiresOn: '' } });
  // A key can never do more than the person creating it.
  const groups = permissionGroups
    .map((group) => ({ ...group, permissions: group.permissions.filter((p) => can(me, p.id)) }))
    .filter((group) => group.permissions.length > 0);

  const submit = (values: { name: string; permissions: string[]; expiresOn: string }) =>
    create.mutate(
      { name: values.name, permissions: values.permissions as never, expiresAt: expiryFromDay(values.expiresOn) },
      { onSuccess: (key) => onCreated({ owner: key.name, secret: key.key }) },
    );

  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage({ id: 'integrations.createApiKey' })}
      description={intl.formatMessage({ id: 'integrations.createApiKeyDescription' })}
      className="max-w-3xl"
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="name" label={intl.formatMessage({ id: 'integrations.name' })}>
            {({ field, ids }) => (
              <Input {...field} {...ids} placeholder={intl.formatMessage({ id: 'integrations.namePlaceholder' })} />
            )}
          </FormField>
          <FormField
            name="expiresOn"
            label={intl.formatMessage({ id: 'integrations.expiresOptional' })}
            hint={intl.formatMessage({ id: 'integrations.expiresHint' })}
          >
            {({ field, ids }) => <Input {...field} {...ids} type="date" />}
          </FormField>
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-stone-800">
            <FormattedMessage id="integrations.permissions" />
          </h3>
          <PermissionChecklist
            groups={groups}
            value={form.watch('permissions')}
            onChange={(next) => form.setValue('permissions', next)}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            <FormattedMessage id="integrations.cancel" />
          </Button>
          <Button type="submit" disabled={create.isPending}>
            <FormattedMessage id={create.isPending ? 'integrations.creating' : 'integrations.createApiKey'} />
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
