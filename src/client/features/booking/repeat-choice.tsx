import { useId } from 'react';

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
const names: Record<RepeatFrequency, { title: string; summary: string; every: string }> = {
  weekly: { title: 'Repeat weekly', summary: 'Weekly', every: 'Every' },
  biweekly: { title: 'Repeat every 2 weeks', summary: 'Every 2 weeks', every: 'Every other' },
};
const counts = Array.from({ length: SERIES_MAX - SERIES_MIN + 1 }, (_, i) => {
  const n = SERIES_MIN + i;
  return { value: String(n), label: `${n} appointments` };
});

/** What the summary says of a series starting on `date`: "Weekly, 3 appointments: Dec 1, Dec 8, Dec 15". */
export function repeatSummary(date: string, { frequency, count }: Repeat & { frequency: RepeatFrequency }): string {
  const dates = Array.from({ length: count }, (_, i) => addDaysToKey(date, i * repeatStepDays[frequency]));
  return `${names[frequency].summary}, ${count} appointments: ${dates.map((d) => dayLabelOf(d, 'monthDay')).join(', ')}`;
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
  const countId = useId();
  const weekday = dayLabelOf(date, 'weekday');
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-medium text-stone-800" aria-hidden="true">
        Repeat
      </p>
      <ChoiceList
        legend="Repeat"
        name="repeat"
        value={value.frequency ?? ONCE}
        onChange={(choice) => onChange({ ...value, frequency: repeatFrequencies.find((f) => f === choice) ?? null })}
        options={[
          { value: ONCE, title: 'Does not repeat', detail: 'One appointment' },
          ...repeatFrequencies.map((frequency) => ({
            value: frequency,
            title: names[frequency].title,
            detail: `${names[frequency].every} ${weekday}, same time`,
          })),
        ]}
        empty=""
      />
      {value.frequency && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={countId} className="text-sm font-medium text-stone-800">
            Number of appointments
          </label>
          <Select
            id={countId}
            value={String(value.count)}
            onValueChange={(count) => onChange({ ...value, count: Number(count) })}
            options={counts}
            className="sm:max-w-xs"
          />
        </div>
      )}
    </div>
  );
}
