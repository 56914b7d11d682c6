import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/en';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useToast } from '../../components/ui/toast';
import { useReplayEvents, type WebhookEndpointItem } from './integrations-api';

const HOUR = 60 * 60 * 1000;

/** How far back a replay reaches, as offered (events are kept 30 days). */
const spans: { hours: number; label: MessageId }[] = [
  { hours: 1, label: 'integrations.replayLastHour' },
  { hours: 24, label: 'integrations.replayLastDay' },
  { hours: 7 * 24, label: 'integrations.replayLastWeek' },
  { hours: 30 * 24, label: 'integrations.replayLastMonth' },
];

/**
 * Replays to one endpoint every event (of those it subscribes to) since a time, also those written while it was
 * disabled: each a new delivery, signed and retried as any (POST /api/admin/webhooks/{id}/replay).
 */
export function ReplayDialog({
  endpoint,
  onClose,
  onQueued,
}: {
  endpoint: WebhookEndpointItem;
  onClose: () => void;
  onQueued: () => void;
}) {
  const intl = useIntl();
  const toast = useToast();
  const replay = useReplayEvents();
  const [hours, setHours] = useState(24);
  const submit = () =>
    replay.mutate(
      { id: endpoint.id, since: new Date(Date.now() - hours * HOUR).toISOString() },
      {
        onSuccess: ({ queued }) => {
          toast({
            title: intl.formatMessage({ id: 'integrations.success' }),
            description: intl.formatMessage({ id: 'integrations.replayQueued' }, { count: queued }),
          });
          onQueued();
        },
      },
    );
  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage({ id: 'integrations.replayTitle' })}
      description={intl.formatMessage({ id: 'integrations.replayDescription' }, { url: endpoint.url })}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">
            <FormattedMessage id="integrations.replaySince" />
          </legend>
          <div className="mt-2 flex flex-col gap-2">
            {spans.map((span) => (
              <label key={span.hours} className="flex items-center gap-2 text-sm text-stone-800">
                <input
                  type="radio"
                  name="replay-since"
                  className="h-4 w-4 accent-brand-600"
                  checked={hours === span.hours}
                  onChange={() => setHours(span.hours)}
                />
                <FormattedMessage id={span.label} />
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            <FormattedMessage id="integrations.cancel" />
          </Button>
          <Button type="submit" disabled={replay.isPending}>
            <FormattedMessage id="integrations.replay" />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
