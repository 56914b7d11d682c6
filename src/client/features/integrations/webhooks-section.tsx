import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useTimeZone } from '../../lib/session';
import { dateOf } from '../../lib/zoned-time';
import { AddEndpointDialog } from './add-endpoint-dialog';
import { IntegrationSection } from './integration-section';
import {
  useDeleteWebhook,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhookEndpoints,
  type WebhookEndpointItem,
} from './integrations-api';
import { ReplayDialog } from './replay-dialog';
import { DeliveryLog } from './webhook-deliveries';

/**
 * The "Webhooks" section of /admin/integrations: the endpoints and each one's delivery log; for those who manage
 * them (webhooks.manage) also adding one (its signing secret shown once), test events, Redeliver, replaying the
 * events since a time, disabling and deleting.
 */
export function WebhooksSection({ manages }: { manages: boolean }) {
  const intl = useIntl();
  const endpoints = useWebhookEndpoints();
  const [deleting, setDeleting] = useState<WebhookEndpointItem | null>(null);
  const remove = useDeleteWebhook();

  return (
    <>
      <IntegrationSection
        id="webhooks"
        title={intl.formatMessage({ id: 'integrations.webhooks' })}
        intro={intl.formatMessage({ id: 'integrations.webhooksIntro' })}
        createLabel={manages ? intl.formatMessage({ id: 'integrations.addEndpoint' }) : undefined}
        createDialog={(props) => <AddEndpointDialog {...props} />}
        secret={{ title: intl.formatMessage({ id: 'integrations.endpointAdded' }), kind: 'signingSecret' }}
        list={endpoints}
        loadingLabel={intl.formatMessage({ id: 'integrations.loadingEndpoints' })}
        empty={{
          title: intl.formatMessage({ id: 'integrations.noEndpoints' }),
          text: intl.formatMessage({ id: 'integrations.noEndpointsHint' }),
        }}
      >
        {(items) => (
          <ul className="flex flex-col gap-4">
            {items.map((endpoint) => (
              <EndpointCard
                key={endpoint.id}
                endpoint={endpoint}
                manages={manages}
                onDelete={() => setDeleting(endpoint)}
              />
            ))}
          </ul>
        )}
      </IntegrationSection>
      <ConfirmDialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title={intl.formatMessage({ id: 'integrations.deleteEndpoint' })}
        description={intl.formatMessage(
          { id: 'integrations.deleteEndpointConfirm' },
          { url: deleting?.url ?? intl.formatMessage({ id: 'integrations.thisEndpoint' }) },
        )}
        confirmLabel={intl.formatMessage({ id: 'integrations.delete' })}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSuccess: () => setDeleting(null) })}
      />
    </>
  );
}

function EndpointCard({
  endpoint,
  manages,
  onDelete,
}: {
  endpoint: WebhookEndpointItem;
  manages: boolean;
  onDelete: () => void;
}) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const [logOpen, setLogOpen] = useState(false);
  const [replaying, setReplaying] = useState(false);
  const sendTest = useSendTestEvent();
  const update = useUpdateWebhook();
  const logId = `webhook-log-${endpoint.id}`;
  return (
    <li data-testid="webhook-endpoint">
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="break-all font-mono text-sm font-semibold text-stone-900">{endpoint.url}</p>
            {endpoint.description && <p className="text-sm text-stone-700">{endpoint.description}</p>}
            <p className="text-xs text-stone-600">
              <FormattedMessage id="integrations.addedOn" values={{ date: dateOf(endpoint.createdAt, timeZone) }} />
            </p>
          </div>
          {endpoint.isActive ? (
            <Badge tone="success">
              <FormattedMessage id="integrations.enabled" />
            </Badge>
          ) : (
            <Badge tone="danger">
              <FormattedMessage id="integrations.disabled" />
            </Badge>
          )}
        </div>
        <ul aria-label={intl.formatMessage({ id: 'integrations.events' })} className="flex flex-wrap gap-1.5">
          {endpoint.events.map((type) => (
            <li key={type}>
              <Badge className="font-mono">{type}</Badge>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          {manages && (
            <Button
              size="sm"
              disabled={!endpoint.isActive || sendTest.isPending}
              onClick={() => sendTest.mutate({ id: endpoint.id }, { onSuccess: () => setLogOpen(true) })}
            >
              <FormattedMessage id="integrations.sendTestEvent" />
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            aria-expanded={logOpen}
            aria-controls={logId}
            onClick={() => setLogOpen(!logOpen)}
          >
            <FormattedMessage id={logOpen ? 'integrations.hideDeliveries' : 'integrations.showDeliveries'} />
          </Button>
          {manages && (
            <>
              <Button
                size="sm"
                variant="outline"
                aria-label={intl.formatMessage({ id: 'integrations.replayNamed' }, { url: endpoint.url })}
                onClick={() => setReplaying(true)}
              >
                <FormattedMessage id="integrations.replay" />
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={update.isPending}
                aria-label={intl.formatMessage(
                  { id: endpoint.isActive ? 'integrations.disableNamed' : 'integrations.enableNamed' },
                  { url: endpoint.url },
                )}
                onClick={() => update.mutate({ id: endpoint.id, isActive: !endpoint.isActive })}
              >
                <FormattedMessage id={endpoint.isActive ? 'integrations.disable' : 'integrations.enable'} />
              </Button>
              <Button
                size="sm"
                variant="destructive-outline"
                aria-label={intl.formatMessage({ id: 'integrations.deleteNamed' }, { url: endpoint.url })}
                onClick={onDelete}
              >
                <FormattedMessage id="integrations.delete" />
              </Button>
            </>
          )}
        </div>
        {logOpen && <DeliveryLog id={logId} endpointId={endpoint.id} manages={manages} />}
        {replaying && (
          <ReplayDialog
            endpoint={endpoint}
            onClose={() => setReplaying(false)}
            onQueued={() => {
              setReplaying(false);
              setLogOpen(true);
            }}
          />
        )}
      </Card>
    </li>
  );
}
