import { useTimeZone } from '../../lib/session';
import { dateOf, stampOf } from '../../lib/zoned-time';
import { useState } from 'react';
import { ZCreateWebhookInput, webhookEventDescriptions, webhookEventTypes } from '../../../shared/webhook-schema';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Form, TextField, useZodForm } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/trpc';
import { IntegrationSection, type Revealed } from './integration-section';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRedeliver,
  useSendTestEvent,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhookEndpoints,
  type WebhookDeliveryItem,
  type WebhookEndpointItem,
} from './integrations-api';

/**
 * The "Webhooks" section of /admin/integrations: the endpoints, adding one (its signing secret shown once),
 * test events, each endpoint's delivery log with Redeliver, disabling and deleting.
 */
export function WebhooksSection() {
  const endpoints = useWebhookEndpoints();
  const [deleting, setDeleting] = useState<WebhookEndpointItem | null>(null);
  const remove = useDeleteWebhook();

  return (
    <>
      <IntegrationSection
        id="webhooks"
        title="Webhooks"
        intro="The shop tells these addresses what happens, as it happens: each event is a signed POST, retried until the receiver answers."
        createLabel="Add Endpoint"
        createDialog={(props) => <AddEndpointDialog {...props} />}
        secret={{ title: 'Webhook Endpoint Added', label: 'signing secret' }}
        list={endpoints}
        loadingLabel="Loading webhook endpoints"
        empty={{ title: 'No webhook endpoints yet', text: 'Add one for each program that should hear about changes.' }}
      >
        {(items) => (
          <ul className="flex flex-col gap-4">
            {items.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} onDelete={() => setDeleting(endpoint)} />
            ))}
          </ul>
        )}
      </IntegrationSection>
      <ConfirmDialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title="Delete Webhook Endpoint"
        description={`${deleting?.url ?? 'This endpoint'} will receive no more events, and its delivery log goes with it. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSuccess: () => setDeleting(null) })}
      />
    </>
  );
}

function EndpointCard({ endpoint, onDelete }: { endpoint: WebhookEndpointItem; onDelete: () => void }) {
  const timeZone = useTimeZone();
  const [logOpen, setLogOpen] = useState(false);
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
            <p className="text-xs text-stone-600">Added {dateOf(endpoint.createdAt, timeZone)}</p>
          </div>
          {endpoint.isActive ? <Badge tone="success">Enabled</Badge> : <Badge tone="danger">Disabled</Badge>}
        </div>
        <ul aria-label="Events" className="flex flex-wrap gap-1.5">
          {endpoint.events.map((type) => (
            <li key={type}>
              <Badge className="font-mono">{type}</Badge>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={!endpoint.isActive || sendTest.isPending}
            onClick={() => sendTest.mutate({ id: endpoint.id }, { onSuccess: () => setLogOpen(true) })}
          >
            Send test event
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-expanded={logOpen}
            aria-controls={logId}
            onClick={() => setLogOpen(!logOpen)}
          >
            {logOpen ? 'Hide deliveries' : 'Show deliveries'}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={update.isPending}
            aria-label={`${endpoint.isActive ? 'Disable' : 'Enable'} ${endpoint.url}`}
            onClick={() => update.mutate({ id: endpoint.id, isActive: !endpoint.isActive })}
          >
            {endpoint.isActive ? 'Disable' : 'Enable'}
          </Button>
          <Button size="sm" variant="destructive-outline" aria-label={`Delete ${endpoint.url}`} onClick={onDelete}>
            Delete
          </Button>
        </div>
        {logOpen && <DeliveryLog id={logId} endpointId={endpoint.id} />}
      </Card>
    </li>
  );
}

const statusTone: Record<WebhookDeliveryItem['status'], BadgeTone> = {
  pending: 'secondary',
  delivered: 'success',
  failed: 'danger',
};
const statusLabel: Record<WebhookDeliveryItem['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

function DeliveryLog({ id, endpointId }: { id: string; endpointId: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliver();
  if (deliveries.isLoading) return <Spinner label="Loading deliveries" />;
  if (deliveries.error || !deliveries.data) return <p className="text-red-700">{errorMessage(deliveries.error)}</p>;
  return (
    <div id={id} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-stone-900">Deliveries</h3>
      {deliveries.data.length === 0 ? (
        <p className="text-sm text-stone-600">No deliveries yet. Send a test event to try the endpoint.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="hidden bg-stone-50 text-xs uppercase tracking-wide text-stone-600 md:table-header-group">
            <tr>
              {['Event', 'Status', 'Attempts', 'Last response', 'Next attempt'].map((label) => (
                <th key={label} scope="col" className="px-3 py-2 font-medium">
                  {label}
                </th>
              ))}
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100 border-t border-stone-100">
            {deliveries.data.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                pending={redeliver.isPending && redeliver.variables.id === delivery.id}
                onRedeliver={() => redeliver.mutate({ id: delivery.id })}
              />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function DeliveryRow({
  delivery,
  pending,
  onRedeliver,
}: {
  delivery: WebhookDeliveryItem;
  pending: boolean;
  onRedeliver: () => void;
}) {
  const timeZone = useTimeZone();
  // On phones each row is a small card, its labels written out (the header names them on desktop).
  const cell = 'col-span-2 text-stone-700 md:px-3 md:py-2';
  const label = 'text-stone-600 md:hidden';
  return (
    <tr className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 py-3 md:table-row md:p-0" data-testid="webhook-delivery">
      <td className="md:px-3 md:py-2">
        <span className="font-mono text-xs font-semibold text-stone-900">{delivery.eventType}</span>
        <span className="block text-xs text-stone-600">{stampOf(delivery.createdAt, timeZone)}</span>
      </td>
      <td className={cell}>
        <Badge tone={statusTone[delivery.status]}>{statusLabel[delivery.status]}</Badge>
      </td>
      <td className={cell}>
        <span className={label}>Attempts </span>
        {delivery.attempts}
      </td>
      <td className={cell}>
        <span className={label}>Last response </span>
        <span>{delivery.lastStatusCode ?? (delivery.attempts > 0 ? 'No answer' : 'None yet')}</span>
        {delivery.lastError && <span className="block text-xs text-red-700">{delivery.lastError}</span>}
      </td>
      <td className={cell}>
        <span className={label}>Next attempt </span>
        {delivery.nextAttemptAt ? stampOf(delivery.nextAttemptAt, timeZone) : 'None'}
      </td>
      <td className="col-start-2 row-start-1 text-right md:px-3 md:py-2">
        <Button
          size="sm"
          variant="outline"
          disabled={pending}
          onClick={onRedeliver}
          aria-label={`Redeliver ${delivery.eventType} of ${stampOf(delivery.createdAt, timeZone)}`}
        >
          Redeliver
        </Button>
      </td>
    </tr>
  );
}

function AddEndpointDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (revealed: Revealed) => void }) {
  const create = useCreateWebhook();
  const form = useZodForm(ZCreateWebhookInput, { defaultValues: { url: '', events: [], description: '' } });
  const chosen = form.watch('events');
  const eventsError = form.formState.errors.events?.message;

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add Webhook Endpoint"
      description="The address that receives the events, and which events it wants."
      className="max-w-3xl"
    >
      <Form
        form={form}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: (endpoint) => onCreated({ owner: endpoint.url, secret: endpoint.secret }),
          })
        }
        className="flex flex-col gap-4"
      >
        <TextField name="url" label="URL" type="url" placeholder="https://example.com/webhooks" />
        <TextField name="description" label="Description (optional)" placeholder="e.g. Accounting sync" />
        <fieldset aria-describedby={eventsError ? 'webhook-events-message' : undefined}>
          <legend className="text-sm font-medium text-stone-800">Events</legend>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {webhookEventTypes.map((type) => (
              <li key={type}>
                <label className="flex items-start gap-2 text-sm text-stone-800">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                    checked={chosen.includes(type)}
                    data-event={type}
                    onChange={(e) =>
                      form.setValue('events', e.target.checked ? [...chosen, type] : chosen.filter((t) => t !== type), {
                        shouldValidate: form.formState.isSubmitted,
                      })
                    }
                  />
                  <span>
                    <span className="font-mono text-xs font-semibold">{type}</span>
                    <span className="block text-stone-600">{webhookEventDescriptions[type]}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {eventsError && (
            <p id="webhook-events-message" className="mt-2 text-sm text-red-600" role="alert">
              {eventsError}
            </p>
          )}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add Endpoint'}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
