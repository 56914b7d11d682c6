import { TZDate } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';
import { INTL_TAGS, type Locale } from '../../shared/i18n/locales';
import { pageLocale } from './page-state';

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

/** "HH:MM" (24-hour wall clock) of an instant in the zone: for arithmetic, not to show (clockLabelOf says it). */
export const clockOf = (iso: string | Date, timeZone: string) => format(inZone(iso, timeZone), 'HH:mm');

/**
 * How a date or time reads. English keeps the exact texts the product has always shown (date-fns patterns: Intl's
 * own en-US reads "Nov 25, 2026, 1:00 PM" where the product says "at"); other languages use Intl's format for the
 * same parts, in their own order and words ("mié, 25 nov 2026, 13:00").
 */
interface Style {
  en: string;
  intl: Intl.DateTimeFormatOptions;
}

const TIME = { hour: 'numeric', minute: '2-digit' } as const;
const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const;

const styles = {
  time: { en: 'h:mm a', intl: TIME },
  date: { en: 'MMM dd, yyyy', intl: DAY },
  stamp: { en: 'MMM dd, yyyy, h:mm a', intl: { ...DAY, ...TIME } },
  dateTime: { en: "EEE, MMM d, yyyy 'at' h:mm a", intl: { weekday: 'short', ...DAY, ...TIME } },
  weekdayMonthDay: { en: 'EEE, MMM d', intl: { weekday: 'short', day: 'numeric', month: 'short' } },
  weekdayMonthDayYear: { en: 'EEE, MMM d, yyyy', intl: { weekday: 'short', ...DAY } },
  monthDay: { en: 'MMM d', intl: { day: 'numeric', month: 'short' } },
  monthDayYear: { en: 'MMM d, yyyy', intl: DAY },
  weekday: { en: 'EEEE', intl: { weekday: 'long' } },
  long: { en: 'EEEE, MMMM d, yyyy', intl: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } },
} satisfies Record<string, Style>;
export type DayStyle = Exclude<keyof typeof styles, 'time' | 'date' | 'stamp' | 'dateTime'>;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as it reads in the zone; a calendar day or a wall-clock time is given as that moment in UTC. */
function render(instant: Date, timeZone: string, style: keyof typeof styles, locale: Locale): string {
  if (locale === 'en') return format(new TZDate(instant.getTime(), timeZone), styles[style].en);
  const key = `${locale} ${timeZone} ${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(INTL_TAGS[locale], { ...styles[style].intl, timeZone });
    formatters.set(key, formatter);
  }
  return formatter.format(instant);
}

const instantOf = (iso: string) => parseISO(iso);

/** "9:30 AM" (English), "9:30" (Spanish). */
export const timeOf = (iso: string, timeZone: string, locale = pageLocale()) =>
  render(instantOf(iso), timeZone, 'time', locale);

/** "Nov 23, 2026": the day of a record (an order placed, a customer's last visit). */
export const dateOf = (iso: string, timeZone: string, locale = pageLocale()) =>
  render(instantOf(iso), timeZone, 'date', locale);

/** "Nov 23, 2026, 9:30 AM": when a record was made or changed, in a list or a detail line. */
export const stampOf = (iso: string, timeZone: string, locale = pageLocale()) =>
  render(instantOf(iso), timeZone, 'stamp', locale);

/** "Mon, Nov 23, 2026 at 9:30 AM": an appointment's start. */
export const dateTimeOf = (iso: string, timeZone: string, locale = pageLocale()) =>
  render(instantOf(iso), timeZone, 'dateTime', locale);

/** A calendar day's midnight in UTC, read back in UTC: the day itself, whatever the browser's zone. */
function utcDayOf(key: string): Date {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** "Mon, Nov 23" of a "YYYY-MM-DD", or another style of the day ("Nov 23", "Monday", …). */
export const dayLabelOf = (key: string, style: DayStyle = 'weekdayMonthDay', locale = pageLocale()) =>
  render(utcDayOf(key), 'UTC', style, locale);

/** "Wednesday, June 10, 2026" of a "YYYY-MM-DD". */
export const longDayLabelOf = (key: string, locale = pageLocale()) => dayLabelOf(key, 'long', locale);

/** "9:30 AM" (English), "9:30" (Spanish) of a wall-clock "HH:MM" (weekly hours, a slot's local time). */
export function clockLabelOf(hhmm: string, locale = pageLocale()): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return render(new Date(Date.UTC(2000, 0, 1, h, m)), 'UTC', 'time', locale);
}
