// Pieces the weekly hours and date override cards share.
import { halfHourOptions } from '../../../shared/availability-schema';
import { dayLabelOf } from '../../lib/zoned-time';
import { addCalendarDays } from '../../../shared/date-key';

/** The half-hour choices of the time selects. */
export const timeOptions = halfHourOptions.map((t) => ({ value: t, label: t }));

// A Sunday: day number n of the week is this date plus n days.
const A_SUNDAY = '2023-01-01';

/** "Monday" (English), "lunes" (Spanish) of a day number, 0 being Sunday. */
export const weekdayName = (dayNumber: number) => dayLabelOf(addCalendarDays(A_SUNDAY, dayNumber), 'weekday');

export function TrashIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
