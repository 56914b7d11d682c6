import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/trpc';
import { useTimeZone } from '../../lib/session';
import { stampOf } from '../../lib/zoned-time';
import { Empty } from './dashboard-panels';
import { useAuditLog } from './staff-api';

/** The audit log, a page at a time; loads only once its tab is open. */
export function ActivityLog({ enabled }: { enabled: boolean }) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const [page, setPage] = useState(1);
  const log = useAuditLog(page, enabled);
  if (log.isLoading) return <Spinner label={intl.formatMessage({ id: 'staff.loadingActivity' })} />;
  if (log.isError) return <p className="text-red-700">{errorMessage(log.error)}</p>;
  const data = log.data;
  if (!data || data.items.length === 0)
    return (
      <Empty>
        <FormattedMessage id="staff.noActivityYet" />
      </Empty>
    );
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <Card>
      <CardContent className="p-0">
        <ul
          className="flex flex-col divide-y divide-stone-100"
          aria-label={intl.formatMessage({ id: 'staff.activity' })}
        >
          {data.items.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-col gap-0.5 px-4 py-3 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
            >
              <span className="text-stone-900">
                <span className="font-medium">
                  {entry.actor
                    ? `${entry.actor.firstName} ${entry.actor.lastName}`.trim()
                    : intl.formatMessage({ id: 'staff.someone' })}
                </span>{' '}
                · {entry.summary}
              </span>
              <span className="shrink-0 text-xs text-stone-600">{stampOf(entry.createdAt, timeZone)}</span>
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <div className="flex items-center justify-between border-t border-stone-100 p-3">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <FormattedMessage id="staff.previous" />
            </Button>
            <span className="text-sm text-stone-700">
              <FormattedMessage id="staff.pageOf" values={{ page, pages }} />
            </span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              <FormattedMessage id="staff.next" />
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
