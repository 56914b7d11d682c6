import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

/** Dates of the business time zone as YYYY-MM-DD, the form the slots API takes. */
export function businessToday(timeZone: string): string {
  return format(TZDate.tz(timeZone), 'yyyy-MM-dd');
}

/** The date `days` calendar days after today in the business time zone. */
export function businessDateIn(timeZone: string, days: number): string {
  return format(addDays(TZDate.tz(timeZone), days), 'yyyy-MM-dd');
}

/** "Wednesday, June 10, 2026" for a YYYY-MM-DD date. */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return format(new Date(y!, m! - 1, d!), 'EEEE, MMMM d, yyyy');
}

/** "9:30 AM" for a slot's "HH:MM". */
export function clockTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  return format(new Date(2000, 0, 1, h!, m!), 'h:mm a');
}
