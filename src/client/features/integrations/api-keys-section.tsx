import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { MessageId } from '../../../shared/i18n/en';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { ListHead } from './list-head';
import { IntegrationSection } from './integration-section';
import { useApiKeys, useRevokeApiKey, type ApiKeyItem } from './integrations-api';
import { useTimeZone } from '../../lib/session';
import { dateOf, stampOf } from '../../lib/zoned-time';

/** The list's column headings (phones write each out beside its value instead). */
const columns = [
  'integrations.name',
  'integrations.prefix',
  'integrations.createdBy',
  'integrations.created',
  'integrations.lastUsed',
  'integrations.expires',
] as const satisfies readonly MessageId[];

/** The "API keys" section of /admin/integrations: the list, the create dialog, the key shown once, revoking. */
export function ApiKeysSection() {
  const intl = useIntl();
  const keys = useApiKeys();
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const revoke = useRevokeApiKey();
  // When the page opened: what counts as expired in the list.
  const [now] = useState(Date.now);

  return (
    <>
      <IntegrationSection
        id="api-keys"
        title={intl.formatMessage({ id: 'integrations.apiKeys' })}
        intro={
          <FormattedMessage
            id="integrations.apiKeysIntro"
            values={{
              header: 'Authorization: Bearer <key>',
              // An HTTP header, written as a program sends it: not words to translate.
              code: (chunks: ReactNode[]) => (
                <code translate="no" className="text-stone-800">
                  {chunks}
                </code>
              ),
            }}
          />
        }
        createLabel={intl.formatMessage({ id: 'integrations.createApiKey' })}
        createDialog={(props) => <CreateApiKeyDialog {...props} />}
        secret={{ title: intl.formatMessage({ id: 'integrations.apiKeyCreated' }), kind: 'apiKey' }}
        list={keys}
        loadingLabel={intl.formatMessage({ id: 'integrations.loadingApiKeys' })}
        empty={{
          title: intl.formatMessage({ id: 'integrations.noApiKeys' }),
          text: intl.formatMessage({ id: 'integrations.noApiKeysHint' }),
        }}
      >
        {(items) => (
          <Card className="overflow-hidden">
            <table className="w-full text-left text-sm">
              <ListHead columns={columns} cellClass="px-4 py-3" />
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
        title={intl.formatMessage({ id: 'integrations.revokeApiKey' })}
        description={intl.formatMessage(
          { id: 'integrations.revokeConfirm' },
          { name: revoking?.name ?? intl.formatMessage({ id: 'integrations.thisKey' }) },
        )}
        confirmLabel={intl.formatMessage({ id: 'integrations.revoke' })}
        destructive
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id }, { onSuccess: () => setRevoking(null) })}
      />
    </>
  );
}

function ApiKeyRow({ apiKey, now, onRevoke }: { apiKey: ApiKeyItem; now: number; onRevoke: () => void }) {
  const intl = useIntl();
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
          <FormattedMessage id="integrations.permissionCount" values={{ count: apiKey.permissions.length }} />
        </span>
      </td>
      <td className="col-span-2 font-mono text-xs text-stone-800 md:px-4 md:py-3">{apiKey.prefix}…</td>
      <td className={cell}>
        <span className={label}>
          <FormattedMessage id="integrations.createdBy" />{' '}
        </span>
        {apiKey.createdBy.firstName} {apiKey.createdBy.lastName}
      </td>
      <td className={cell}>
        <span className={label}>
          <FormattedMessage id="integrations.created" />{' '}
        </span>
        {dateOf(apiKey.createdAt, timeZone)}
      </td>
      <td className={cell}>
        <span className={label}>
          <FormattedMessage id="integrations.lastUsed" />{' '}
        </span>
        {apiKey.lastUsedAt ? stampOf(apiKey.lastUsedAt, timeZone) : intl.formatMessage({ id: 'integrations.never' })}
      </td>
      <td className={cell}>
        <span className={label}>
          <FormattedMessage id="integrations.expires" />{' '}
        </span>
        {apiKey.expiresAt ? dateOf(apiKey.expiresAt, timeZone) : intl.formatMessage({ id: 'integrations.never' })}
        {expired && (
          <Badge tone="danger" className="ml-2">
            <FormattedMessage id="integrations.expired" />
          </Badge>
        )}
      </td>
      <td className="col-start-2 row-start-1 text-right md:px-4 md:py-3">
        <Button
          variant="destructive-outline"
          size="sm"
          onClick={onRevoke}
          aria-label={intl.formatMessage({ id: 'integrations.revokeNamed' }, { name: apiKey.name })}
        >
          <FormattedMessage id="integrations.revoke" />
        </Button>
      </td>
    </tr>
  );
}
