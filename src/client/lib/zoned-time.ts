import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO, startOfWeek } from 'date-fns';

/*
 * The one place that turns instants into text. Appointments, orders and schedules are instants; the business
 * works in its own time zone (a business setting). Every date and time a screen shows or groups by is read in
 * that zone, whatever zone the browser is in: an appointment at 13:00 in New York reads 1:00 PM to everyone.
 */

const inZone = (iso: string | Date, timeZone: string) =>
  new TZDate(typeof iso === 'string' ? parseISO(iso).getTime() : iso.getTime(), timeZone);

/** "YYYY-MM-DD" of an instant in the zone. */
export const dateKeyOf = (iso: string | Date, timeZone: string) => format(inZone(iso, timeZone), 'yyyy-MM-dd');

export const todayIn = (timeZone: string) => dateKeyOf(new Date(), timeZone);

/** "9:30 AM". */
export const timeOf = (iso: string, timeZone: string) => format(inZone(iso, timeZone), 'h:mm a');

/** "Nov 23, 2026": the day of a record (an order placed, a customer's last visit). */
export const dateOf = (iso: string, timeZone: string) => format(inZone(iso, timeZone), 'MMM dd, yyyy');

/** "Nov 23, 2026, 9:30 AM": when a record was made or changed, in a list or a detail line. */
export const stampOf = (iso: string, timeZone: string) => format(inZone(iso, timeZone), 'MMM dd, yyyy, h:mm a');

/** "Mon, Nov 23, 2026 at 9:30 AM": an appointment's start. */
export const dateTimeOf = (iso: string, timeZone: string) =>
  format(inZone(iso, timeZone), "EEE, MMM d, yyyy 'at' h:mm a");

/** Calendar arithmetic on "YYYY-MM-DD" (no clock involved, so DST never shifts a day). */
export function addDaysToKey(key: string, days: number): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return format(addDays(new Date(y, m - 1, d), days), 'yyyy-MM-dd');
}

export function weekdayOfKey(key: string): number {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).getDay();
}

/** Monday to Sunday of the week holding the date. */
export function weekOf(key: string): string[] {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const monday = startOfWeek(new Date(y, m - 1, d), { weekStartsOn: 1 });
  return Array.from({ length: 7 }, (_, i) => format(addDays(monday, i), 'yyyy-MM-dd'));
}

/** "Mon, Nov 23" of a "YYYY-MM-DD". */
export function dayLabelOf(key: string, pattern = 'EEE, MMM d'): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return format(new Date(y, m - 1, d), pattern);
}

/** "Wednesday, June 10, 2026" of a "YYYY-MM-DD". */
export const longDayLabelOf = (key: string) => dayLabelOf(key, 'EEEE, MMMM d, yyyy');

/** "9:30 AM" of a wall-clock "HH:MM" (weekly hours, a slot's local time). */
export function clockLabelOf(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return format(new Date(2000, 0, 1, h, m), 'h:mm a');
}
