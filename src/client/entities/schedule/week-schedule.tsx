import { FormattedMessage, useIntl } from 'react-intl';
import { cn } from '../../lib/cn';
import { AppointmentStatusBadge } from '../appointments/appointment-status-badge';

export interface WeekDay {
  /** "YYYY-MM-DD" */
  date: string;
  /** "Monday" */
  label: string;
  /** "Nov 23" */
  shortDate: string;
  isToday: boolean;
  /** Working hours of the day ("09:00 - 17:00"); empty when off; absent when the view has no one person's hours. */
  hours?: string[];
  /** Why the day differs from the usual week ("Day off", "Special hours"). */
  note?: string;
  items: { id: string; time: string; title: string; detail?: string; status: string }[];
  /** Busy times from the person's own calendars on this date: when only, never a title (CONTRACT). */
  busy?: { key: string; start: string; label: string; who?: string }[];
}

/** A "Busy" block: hatched, so it reads as time taken by something outside the product, not an appointment. */
export function BusyBlock({ label, who }: { label: string; who?: string }) {
  return (
    <li className="busy-block rounded-lg border border-dashed border-stone-400 p-2 text-xs text-stone-800">
      <p className="font-semibold text-stone-900">
        <FormattedMessage id="entities.busy" />
      </p>
      <p>{label}</p>
      {who && <p className="truncate text-stone-700">{who}</p>}
    </li>
  );
}

/**
 * A week at a glance: one column per day on wide screens, one row per day on phones. Each day shows the
 * working hours, the appointments on it and the times the person's own calendars hold ("Busy", no titles).
 */
export function WeekSchedule({ days }: { days: WeekDay[] }) {
  const intl = useIntl();
  return (
    <ol className="grid gap-3 lg:grid-cols-7 lg:gap-2" aria-label={intl.formatMessage({ id: 'entities.week' })}>
      {days.map((day) => (
        <li
          key={day.date}
          aria-current={day.isToday ? 'date' : undefined}
          className={cn(
            // Seven columns beside a menu are narrow: a little less padding keeps a status word whole.
            'flex min-w-0 flex-col gap-2 rounded-xl border bg-white p-3 shadow-sm lg:p-2',
            day.isToday ? 'border-brand-500 ring-1 ring-brand-500' : 'border-stone-200',
          )}
        >
          <div className="flex items-baseline justify-between gap-2 lg:flex-col lg:items-start lg:gap-0">
            {/* Capitalised: a weekday in Spanish is written lower case ("lunes"), but heads its day here. */}
            <h3 className="font-semibold capitalize text-stone-900">{day.label}</h3>
            <p className="text-xs text-stone-600">{day.shortDate}</p>
          </div>
          {day.hours && (
            <div className="flex flex-wrap gap-1">
              {day.hours.length === 0 ? (
                <span className="text-xs text-stone-600">
                  {day.note ?? intl.formatMessage({ id: 'entities.notAvailable' })}
                </span>
              ) : (
                day.hours.map((h) => (
                  <span key={h} className="rounded-md bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900">
                    {h}
                  </span>
                ))
              )}
              {day.note && day.hours.length > 0 && <span className="text-xs text-stone-600">{day.note}</span>}
            </div>
          )}
          {day.busy && day.busy.length > 0 && (
            <ul className="flex flex-col gap-2" aria-label={intl.formatMessage({ id: 'entities.busyTimes' })}>
              {day.busy.map((b) => (
                <BusyBlock key={b.key} label={b.label} who={b.who} />
              ))}
            </ul>
          )}
          {day.items.length === 0 ? (
            <p className="text-xs text-stone-600">
              <FormattedMessage id="entities.noAppointments" />
            </p>
          ) : (
            <ul className="flex flex-col gap-2">
              {day.items.map((item) => (
                <li key={item.id} className="rounded-lg border border-stone-200 bg-stone-50 p-2 text-xs">
                  <p className="font-semibold text-stone-900">{item.time}</p>
                  <p className="line-clamp-2 break-words text-stone-800">{item.title}</p>
                  {item.detail && <p className="truncate text-stone-600">{item.detail}</p>}
                  <div className="mt-1">
                    <AppointmentStatusBadge status={item.status} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
