import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/trpc';
import { stampOf } from '../../lib/zoned-time';
import { useTimeZone } from '../../lib/session';
import { useEmployeeCalendars } from './staff-api';

/**
 * A staff member's connected calendars as an admin sees them: the kind, the account (an ICS address only by its
 * host: the rest of it is as good as a password), the state in words, the last error, and which calendars count as
 * busy or receive bookings. Read only: only the person connects, chooses or removes.
 */
export function StaffCalendars({ userId }: { userId: string }) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const connections = useEmployeeCalendars(userId);
  return (
    <section className="flex flex-col gap-2" aria-labelledby={`calendars-${userId}`}>
      <h3 id={`calendars-${userId}`} className="font-semibold text-stone-900">
        <FormattedMessage id="staff.connectedCalendars" />
      </h3>
      {connections.isLoading ? (
        <Spinner label={intl.formatMessage({ id: 'staff.loadingCalendars' })} />
      ) : connections.isError ? (
        <p className="text-sm text-red-700">{errorMessage(connections.error)}</p>
      ) : connections.data!.length === 0 ? (
        <p className="text-sm text-stone-600">
          <FormattedMessage id="staff.noConnectedCalendars" />
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-stone-100 rounded-lg border border-stone-200">
          {connections.data!.map((c) => (
            <li key={c.id} className="flex flex-col gap-1 px-3 py-2 text-sm" data-testid="staff-calendar">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 break-all font-medium text-stone-900">
                  <FormattedMessage id={c.kind === 'caldav' ? 'staff.calendarKindCaldav' : 'staff.calendarKindIcs'} />
                  {': '}
                  {c.username ? `${c.username} · ` : ''}
                  {hostOf(c.url)}
                </span>
                <Badge tone={c.status === 'ok' ? 'success' : 'danger'}>
                  <FormattedMessage id={c.status === 'ok' ? 'staff.calendarStatusOk' : 'staff.calendarStatusError'} />
                </Badge>
              </div>
              <p className="text-xs text-stone-600">
                {c.lastSyncedAt ? (
                  <FormattedMessage
                    id="staff.calendarLastSynced"
                    values={{ when: stampOf(c.lastSyncedAt, timeZone) }}
                  />
                ) : (
                  <FormattedMessage id="staff.calendarNotSyncedYet" />
                )}
              </p>
              {c.lastError && <p className="text-red-700">{c.lastError}</p>}
              {c.calendars.length > 0 && (
                <ul className="flex flex-col gap-0.5 text-xs text-stone-700">
                  {c.calendars.map((cal) => (
                    <li key={cal.href}>
                      <FormattedMessage
                        id="staff.calendarUse"
                        values={{ name: cal.name, busy: String(cal.readsBusy), receives: String(cal.receivesBookings) }}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};
