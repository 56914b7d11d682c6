import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { webhookEventTypes } from '../../../shared/webhook-schema';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { useTimeZone } from '../../lib/session';
import { errorMessage } from '../../lib/trpc';
import { stampOf } from '../../lib/zoned-time';
import { useRecentEvents, type WebhookEventItem } from './integrations-api';

const ALL = 'all';

/** What an event is about: the id of the order, appointment, customer or product its data carries. */
const subjectOf = (event: WebhookEventItem) => {
  const id = (event.data as { id?: unknown }).id;
  return typeof id === 'string' ? id : null;
};

/**
 * The "Events" section of /admin/integrations: the latest events of the last 30 days, newest first, each as its
 * deliveries carry it (GET /api/events), of one kind or all.
 */
export function EventsSection() {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const [type, setType] = useState<string>(ALL);
  const events = useRecentEvents(type === ALL ? undefined : (type as (typeof webhookEventTypes)[number]));
  return (
    <section aria-labelledby="events-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="events-heading" className="text-lg font-semibold text-stone-900">
            <FormattedMessage id="integrations.recentEvents" />
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            <FormattedMessage id="integrations.recentEventsIntro" />
          </p>
        </div>
        <Select
          className="sm:w-64"
          aria-label={intl.formatMessage({ id: 'integrations.eventKind' })}
          value={type}
          onValueChange={setType}
          options={[
            { value: ALL, label: intl.formatMessage({ id: 'integrations.allEvents' }) },
            ...webhookEventTypes.map((t) => ({ value: t, label: t })),
          ]}
        />
      </div>
      {events.isLoading ? (
        <Spinner label={intl.formatMessage({ id: 'integrations.loadingEvents' })} />
      ) : events.error || !events.data ? (
        <p className="text-red-700">{errorMessage(events.error)}</p>
      ) : events.data.length === 0 ? (
        <Card>
          <CardContent className="px-5 py-10 text-center">
            <p className="font-semibold text-stone-900">
              <FormattedMessage id="integrations.noEvents" />
            </p>
          </CardContent>
        </Card>
      ) : (
        <Card className="p-0">
          <ul className="divide-y divide-stone-100">
            {events.data.map((event) => (
              <li
                key={event.id}
                data-testid="webhook-event"
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-3"
              >
                {/* An event's type and its subject's id are names for programs, never translated. */}
                <div className="min-w-0" translate="no">
                  <Badge className="font-mono">{event.type}</Badge>
                  {subjectOf(event) && (
                    <span className="ml-2 break-all font-mono text-xs text-stone-600">{subjectOf(event)}</span>
                  )}
                </div>
                <span className="text-xs text-stone-600">{stampOf(event.timestamp, timeZone)}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
