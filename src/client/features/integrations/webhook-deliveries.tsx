import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/en';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useTimeZone } from '../../lib/session';
import { errorMessage } from '../../lib/trpc';
import { stampOf } from '../../lib/zoned-time';
import { ListHead } from './list-head';
import { useRedeliver, useWebhookDeliveries, type WebhookDeliveryItem } from './integrations-api';

/** The log's column headings (phones write each out beside its value instead). */
const deliveryColumns = [
  'integrations.event',
  'integrations.status',
  'integrations.attempts',
  'integrations.lastResponse',
  'integrations.nextAttempt',
] as const satisfies readonly MessageId[];

const statusTone: Record<WebhookDeliveryItem['status'], BadgeTone> = {
  pending: 'secondary',
  delivered: 'success',
  failed: 'danger',
};

/** One endpoint's deliveries, newest first, each with Redeliver for those who manage webhooks. */
export function DeliveryLog({ id, endpointId, manages }: { id: string; endpointId: string; manages: boolean }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const intl = useIntl();
  const redeliver = useRedeliver();
  if (deliveries.isLoading) return <Spinner label={intl.formatMessage({ id: 'integrations.loadingDeliveries' })} />;
  if (deliveries.error || !deliveries.data) return <p className="text-red-700">{errorMessage(deliveries.error)}</p>;
  return (
    <div id={id} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-stone-900">
        <FormattedMessage id="integrations.deliveries" />
      </h3>
      {deliveries.data.length === 0 ? (
        <p className="text-sm text-stone-600">
          <FormattedMessage id={manages ? 'integrations.noDeliveries' : 'integrations.noDeliveriesYet'} />
        </p>
      ) : (
        <table className="w-full text-left text-sm">
          <ListHead columns={deliveryColumns} cellClass="px-3 py-2" />
          <tbody className="divide-y divide-stone-100 border-t border-stone-100">
            {deliveries.data.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                manages={manages}
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
  manages,
  pending,
  onRedeliver,
}: {
  delivery: WebhookDeliveryItem;
  manages: boolean;
  pending: boolean;
  onRedeliver: () => void;
}) {
  const intl = useIntl();
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
        <Badge tone={statusTone[delivery.status]}>
          <FormattedMessage id="integrations.deliveryStatus" values={{ status: delivery.status }} />
        </Badge>
      </td>
      <td className={cell}>
        <span className={label}>
          <FormattedMessage id="integrations.attempts" />{' '}
        </span>
        {intl.formatNumber(delivery.attempts)}
      </td>
      <td className={cell}>
        <span className={label}>
          <FormattedMessage id="integrations.lastResponse" />{' '}
        </span>
        <span>
          {delivery.lastStatusCode ??
            intl.formatMessage({ id: delivery.attempts > 0 ? 'integrations.noAnswer' : 'integrations.noneYet' })}
        </span>
        {delivery.lastError && <span className="block text-xs text-red-700">{delivery.lastError}</span>}
      </td>
      <td className={cell}>
        <span className={label}>
          <FormattedMessage id="integrations.nextAttempt" />{' '}
        </span>
        {delivery.nextAttemptAt
          ? stampOf(delivery.nextAttemptAt, timeZone)
          : intl.formatMessage({ id: 'integrations.none' })}
      </td>
      <td className="col-start-2 row-start-1 text-right md:px-3 md:py-2">
        {manages && (
          <Button
            size="sm"
            variant="outline"
            disabled={pending}
            onClick={onRedeliver}
            aria-label={intl.formatMessage(
              { id: 'integrations.redeliverNamed' },
              { event: delivery.eventType, when: stampOf(delivery.createdAt, timeZone) },
            )}
          >
            <FormattedMessage id="integrations.redeliver" />
          </Button>
        )}
      </td>
    </tr>
  );
}
