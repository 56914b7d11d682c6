import { useState } from 'react';
import { ZApiKeyForm, expiryFromDay } from '../../../shared/integrations-schema';
import { can, permissionGroups } from '../../../shared/roles';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { PermissionChecklist } from '../../entities/roles/permission-checklist';
import { useCurrentUser } from '../../lib/session';
import { IntegrationSection, type Revealed } from './integration-section';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKeyItem } from './integrations-api';
import { useTimeZone } from '../../lib/session';
import { dateOf, stampOf } from '../../lib/zoned-time';

/** The "API keys" section of /admin/integrations: the list, the create dialog, the key shown once, revoking. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const revoke = useRevokeApiKey();
  // When the page opened: what counts as expired in the list.
  const [now] = useState(Date.now);

  return (
    <>
      <IntegrationSection
        id="api-keys"
        title="API keys"
        intro={
          <>
            A program sends its key as <code className="text-stone-800">Authorization: Bearer &lt;key&gt;</code> and may
            do what the key's permissions allow.
          </>
        }
        createLabel="Create API Key"
        createDialog={(props) => <CreateApiKeyDialog {...props} />}
        secret={{ title: 'API Key Created', label: 'API key' }}
        list={keys}
        loadingLabel="Loading API keys"
        empty={{ title: 'No API keys yet', text: 'Create one for each program that should reach your shop.' }}
      >
        {(items) => (
          <Card className="overflow-hidden">
            <table className="w-full text-left text-sm">
              <thead className="hidden bg-stone-50 text-xs uppercase tracking-wide text-stone-600 md:table-header-group">
                <tr>
                  {['Name', 'Prefix', 'Created by', 'Created', 'Last used', 'Expires'].map((label) => (
                    <th key={label} scope="col" className="px-4 py-3 font-medium">
                      {label}
                    </th>
                  ))}
                  <th scope="col" className="px-4 py-3 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {items.map((key) => (
                  <ApiKeyRow key={key.id} apiKey={key} now={now} onRevoke={() => setRevoking(key)} />
                ))}
              </tbody>
            </table>
          </Card>
        )}
      </IntegrationSection>
      <ConfirmDialog
        open={!!revoking}
        onClose={() => setRevoking(null)}
        title="Revoke API Key"
        description={`Programs using ${revoking?.name ?? 'this key'} will be refused from now on. This cannot be undone.`}
        confirmLabel="Revoke"
        destructive
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id }, { onSuccess: () => setRevoking(null) })}
      />
    </>
  );
}

function ApiKeyRow({ apiKey, now, onRevoke }: { apiKey: ApiKeyItem; now: number; onRevoke: () => void }) {
  const timeZone = useTimeZone();
  const expired = apiKey.expiresAt !== null && Date.parse(apiKey.expiresAt) <= now;
  // On phones each row is a small card: the labels the header gives on desktop are written out.
  const cell = 'col-span-2 text-stone-700 md:px-4 md:py-3';
  const label = 'text-stone-600 md:hidden';
  return (
    <tr className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3 md:table-row md:p-0" data-testid="api-key-row">
      <td className="font-semibold text-stone-900 md:px-4 md:py-3">
        {apiKey.name}
        <span className="block text-xs font-normal text-stone-600">
          {apiKey.permissions.length} permission{apiKey.permissions.length === 1 ? '' : 's'}
        </span>
      </td>
      <td className="col-span-2 font-mono text-xs text-stone-800 md:px-4 md:py-3">{apiKey.prefix}…</td>
      <td className={cell}>
        <span className={label}>Created by </span>
        {apiKey.createdBy.firstName} {apiKey.createdBy.lastName}
      </td>
      <td className={cell}>
        <span className={label}>Created </span>
        {dateOf(apiKey.createdAt, timeZone)}
      </td>
      <td className={cell}>
        <span className={label}>Last used </span>
        {apiKey.lastUsedAt ? stampOf(apiKey.lastUsedAt, timeZone) : 'Never'}
      </td>
      <td className={cell}>
        <span className={label}>Expires </span>
        {apiKey.expiresAt ? dateOf(apiKey.expiresAt, timeZone) : 'Never'}
        {expired && (
          <Badge tone="danger" className="ml-2">
            Expired
          </Badge>
        )}
      </td>
      <td className="col-start-2 row-start-1 text-right md:px-4 md:py-3">
        <Button variant="destructive-outline" size="sm" onClick={onRevoke} aria-label={`Revoke ${apiKey.name}`}>
          Revoke
        </Button>
      </td>
    </tr>
  );
}

function CreateApiKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (revealed: Revealed) => void }) {
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
      title="Create API Key"
      description="Name the program that will use it and choose what it may do."
      className="max-w-3xl"
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="name" label="Name">
            {({ field, ids }) => <Input {...field} {...ids} placeholder="e.g. Accounting export" />}
          </FormField>
          <FormField name="expiresOn" label="Expires (optional)" hint="Leave empty for a key that does not expire">
            {({ field, ids }) => <Input {...field} {...ids} type="date" />}
          </FormField>
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-stone-800">Permissions</h3>
          <PermissionChecklist
            groups={groups}
            value={form.watch('permissions')}
            onChange={(next) => form.setValue('permissions', next)}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create API Key'}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
