import { tzOffset as readOffset } from '@date-fns/tz';
import { formatDate, parseDate } from '../../shared/date-key';

/**
 * Wall-clock ↔ instant conversion in an IANA time zone, on top of @date-fns/tz's offset table.
 * The rules for the two odd cases are the booking rules: a wall-clock time that does not exist (the hour
 * skipped when clocks go forward) moves forward by the gap, and one that exists twice (the hour repeated when
 * clocks go back) means its first occurrence. Calendar dates are plain `YYYY-MM-DD` strings stepped with
 * calendar arithmetic, never by adding 24 hours to an instant.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

// The offset table formats a date with Intl on every call, the dominant cost of slot computation. The same instants
// come back request after request (the midnights around each date, the day's booked starts), so answers are kept
// per zone and instant; a zone's are dropped when they grow past a few days' worth of a busy business.
const offsetsByZone = new Map<string, Map<number, number>>();
const OFFSETS_KEPT = 50_000;

function tzOffset(timeZone: string, instant: Date): number {
  let offsets = offsetsByZone.get(timeZone);
  if (!offsets) offsetsByZone.set(timeZone, (offsets = new Map()));
  const at = instant.getTime();
  let offset = offsets.get(at);
  if (offset === undefined) {
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offset = readOffset(timeZone, instant);
    offsets.set(at, offset);
  }
  return offset;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Minutes after midnight of `"HH:MM"` or `"HH:MM:SS"` (`"24:00"` is the end of the day). */
export function minutesOfTime(value: string): number {
  const [h, m] = value.split(':');
  return Number(h) * 60 + Number(m);
}

export function formatMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The calendar date and wall-clock minutes of an instant in the zone. */
export function toZoned(instant: Date, timeZone: string): { date: string; minutes: number } {
  const local = new Date(instant.getTime() + tzOffset(timeZone, instant) * MINUTE);
  return {
    date: formatDate({ year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() }),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

/**
 * Wall-clock minutes → instants for one date. Most dates have one offset from start to end: then every time
 * is one subtraction, and only dates with a clock change ask the offset table per time (it formats dates with
 * Intl, the dominant cost of slot computation).
 */
export function zonedDay(date: string, timeZone: string): (minutes: number) => number {
  const d = parseDate(date)!;
  const midnight = Date.UTC(d.year, d.month - 1, d.day);
  const before = tzOffset(timeZone, new Date(midnight - DAY));
  const after = tzOffset(timeZone, new Date(midnight + 2 * DAY));
  if (before === after) return (minutes) => midnight + minutes * MINUTE - before * MINUTE;
  return (minutes) => zonedToInstant(date, minutes, timeZone).getTime();
}

/** Whether a date has a single offset throughout (no clock change near it). */
export function isPlainDay(date: string, timeZone: string): boolean {
  const d = parseDate(date)!;
  const midnight = Date.UTC(d.year, d.month - 1, d.day);
  return tzOffset(timeZone, new Date(midnight - DAY)) === tzOffset(timeZone, new Date(midnight + 2 * DAY));
}

/**
 * The instant of a wall-clock time (minutes after midnight, may be 1440 for the end of the day) on a date in
 * the zone. Skipped times move forward by the gap; repeated times take their first occurrence.
 */
export function zonedToInstant(date: string, minutes: number, timeZone: string): Date {
  const d = parseDate(date)!;
  // The wall-clock time read as if it were UTC; the real instant is this minus the zone's offset then.
  const asUtc = Date.UTC(d.year, d.month - 1, d.day, 0, minutes);
  // Offsets in force around that time: a zone changes its offset at most once within a day either side.
  const before = tzOffset(timeZone, new Date(asUtc - DAY));
  const after = tzOffset(timeZone, new Date(asUtc + DAY));
  const candidates = before === after ? [before] : [before, after];
  let best: number | undefined;
  for (const offset of candidates) {
    const instant = asUtc - offset * MINUTE;
    if (tzOffset(timeZone, new Date(instant)) === offset && (best === undefined || instant < best)) best = instant;
  }
  // No offset gives this wall-clock time: it fell in a gap. Read with the offset before the change it lands
  // after the gap by exactly the time it was into it.
  return new Date(best ?? asUtc - before * MINUTE);
}
