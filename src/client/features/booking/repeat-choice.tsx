import { useId } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';

import {
  repeatFrequencies,
  repeatStepDays,
  SERIES_MAX,
  SERIES_MIN,
  type RepeatFrequency,
} from '../../../shared/appointment-schema';
import { Select } from '../../components/ui/select';
import { dayLabelOf } from '../../lib/zoned-time';
import { addCalendarDays } from '../../../shared/date-key';
import { ChoiceList } from './choice-list';

/** Whether a booking repeats (weekly or every 2 weeks) and how many appointments it makes in all. */
export interface Repeat {
  frequency: RepeatFrequency | null;
  count: number;
}

export const NO_REPEAT: Repeat = { frequency: null, count: 4 };

const ONCE = 'once';

/**
 * How many appointments of a series starting on `date` lie within the booking window (up to `lastDay`, the last
 * date the business takes bookings for), at most SERIES_MAX: the server refuses an occurrence beyond it.
 */
function fittingCount(date: string, lastDay: string, frequency: RepeatFrequency): number {
  let count = 1;
  while (count < SERIES_MAX && addCalendarDays(date, count * repeatStepDays[frequency]) <= lastDay) count++;
  return count;
}

/**
 * The series that can be booked: the chosen count, lowered to what fits in the booking window, or no repeat when
 * not even a second appointment fits. What the choice shows, the summary lists and the booking sends.
 */
export function fitRepeat(repeat: Repeat, date: string, lastDay: string): Repeat {
  if (!repeat.frequency || !date) return repeat;
  const fits = fittingCount(date, lastDay, repeat.frequency);
  return fits < SERIES_MIN ? { ...repeat, frequency: null } : { ...repeat, count: Math.min(repeat.count, fits) };
}

/** What the summary says of a series starting on `date`: "Weekly, 3 appointments: Dec 1, Dec 8, Dec 15". */
export function repeatSummary(
  intl: IntlShape,
  date: string,
  { frequency, count }: Repeat & { frequency: RepeatFrequency },
): string {
  const dates = Array.from({ length: count }, (_, i) => addCalendarDays(date, i * repeatStepDays[frequency]));
  return intl.formatMessage(
    { id: 'booking.repeatSummary' },
    { frequency, count, dates: dates.map((d) => dayLabelOf(d, 'monthDay')).join(', ') },
  );
}

/**
 * The guided page's "Repeat weekly / every 2 weeks" with how many appointments, under the chosen time. Near the end
 * of the booking window (`lastDay`) it offers only the appointments that fit: fewer counts, with a sentence saying
 * why, and a frequency whose second appointment would lie beyond it cannot be chosen.
 */
export function RepeatChoice({
  date,
  lastDay,
  value,
  onChange,
}: {
  date: string;
  lastDay: string;
  value: Repeat;
  onChange: (repeat: Repeat) => void;
}) {
  const intl = useIntl();
  const countId = useId();
  const limitId = useId();
  const weekday = dayLabelOf(date, 'weekday');
  const lastDayLabel = dayLabelOf(lastDay, 'monthDay');
  const fits = value.frequency ? fittingCount(date, lastDay, value.frequency) : SERIES_MAX;
  const counts = Array.from({ length: Math.max(fits - SERIES_MIN + 1, 0) }, (_, i) => SERIES_MIN + i);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-medium text-stone-800" aria-hidden="true">
        <FormattedMessage id="booking.repeat" />
      </p>
      <ChoiceList
        legend={intl.formatMessage({ id: 'booking.repeat' })}
        name="repeat"
        value={value.frequency ?? ONCE}
        onChange={(choice) => onChange({ ...value, frequency: repeatFrequencies.find((f) => f === choice) ?? null })}
        options={[
          {
            value: ONCE,
            title: intl.formatMessage({ id: 'booking.doesNotRepeat' }),
            detail: intl.formatMessage({ id: 'booking.oneAppointment' }),
          },
          ...repeatFrequencies.map((frequency) => {
            const beyond = fittingCount(date, lastDay, frequency) < SERIES_MIN;
            return {
              value: frequency,
              title: intl.formatMessage({ id: 'booking.repeatTitle' }, { frequency }),
              detail: beyond
                ? intl.formatMessage({ id: 'booking.repeatBeyondWindow' }, { lastDay: lastDayLabel })
                : intl.formatMessage({ id: 'booking.repeatDetail' }, { frequency, weekday }),
              disabled: beyond,
            };
          }),
        ]}
        empty=""
      />
      {value.frequency && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={countId} className="text-sm font-medium text-stone-800">
            <FormattedMessage id="booking.appointmentCountLabel" />
          </label>
          <Select
            id={countId}
            value={String(value.count)}
            onValueChange={(count) => onChange({ ...value, count: Number(count) })}
            options={counts.map((count) => ({
              value: String(count),
              label: intl.formatMessage({ id: 'booking.appointmentCount' }, { count }),
            }))}
            className="sm:max-w-xs"
            aria-describedby={fits < SERIES_MAX ? limitId : undefined}
          />
          {fits < SERIES_MAX && (
            <p id={limitId} className="text-sm text-stone-600">
              <FormattedMessage id="booking.seriesWindowLimit" values={{ lastDay: lastDayLabel, count: fits }} />
            </p>
          )}
        </div>
      )}
    </div>
  );
}
