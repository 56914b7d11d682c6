import { isCalendarDate } from './wire-formats';

/**
 * Calendar dates written `YYYY-MM-DD` (a date key), stepped with calendar arithmetic and never by adding 24 hours
 * to an instant, so a clock change never shifts a day. The one vocabulary for the server and the screens.
 */

export interface CalendarDate {
  year: number;
  month: number; // 1-12
  day: number;
}

const DAY = 86_400_000;

/** The parts of a real calendar date written YYYY-MM-DD (`isCalendarDate`), or null. */
export function parseDate(value: string): CalendarDate | null {
  if (!isCalendarDate(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatDate(d: CalendarDate): string {
  return `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
}

/** The date `days` calendar days after `date` (negative: before). */
export function addCalendarDays(date: string, days: number): string {
  const d = parseDate(date)!;
  const moved = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return formatDate({ year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() });
}

/** Whole calendar days from `from` to `to` (positive when `to` is later). */
export function calendarDaysBetween(from: string, to: string): number {
  const a = parseDate(from)!;
  const b = parseDate(to)!;
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY);
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(date: string): number {
  const d = parseDate(date)!;
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
}

/** Monday to Sunday of the week holding the date. */
export function weekOf(date: string): string[] {
  const monday = addCalendarDays(date, -((weekdayOf(date) + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => addCalendarDays(monday, i));
}
