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
import { addDaysToKey, dayLabelOf } from '../../lib/zoned-time';
import { ChoiceList } from './choice-list';

/** Whether a booking repeats (weekly or every 2 weeks) and how many appointments it makes in all. */
export interface Repeat {
  frequency: RepeatFrequency | null;
  count: number;
}

export const NO_REPEAT: Repeat = { frequency: null, count: 4 };

const ONCE = 'once';
const counts = Array.from({ length: SERIES_MAX - SERIES_MIN + 1 }, (_, i) => SERIES_MIN + i);

/** What the summary says of a series starting on `date`: "Weekly, 3 appointments: Dec 1, Dec 8, Dec 15". */
export function repeatSummary(
  intl: IntlShape,
  date: string,
  { frequency, count }: Repeat & { frequency: RepeatFrequency },
): string {
  const dates = Array.from({ length: count }, (_, i) => addDaysToKey(date, i * repeatStepDays[frequency]));
  return intl.formatMessage(
    { id: 'booking.repeatSummary' },
    { frequency, count, dates: dates.map((d) => dayLabelOf(d, 'monthDay')).join(', ') },
  );
}

/** The guided page's "Repeat weekly / every 2 weeks" with how many appointments, under the chosen time. */
export function RepeatChoice({
  date,
  value,
  onChange,
}: {
  date: string;
  value: Repeat;
  onChange: (repeat: Repeat) => void;
}) {
  const intl = useIntl();
  const countId = useId();
  const weekday = dayLabelOf(date, 'weekday');
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
          ...repeatFrequencies.map((frequency) => ({
            value: frequency,
            title: intl.formatMessage({ id: 'booking.repeatTitle' }, { frequency }),
            detail: intl.formatMessage({ id: 'booking.repeatDetail' }, { frequency, weekday }),
          })),
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
          />
        </div>
      )}
    </div>
  );
}
