import { formatMinutes, isPlainDay, minutesOfTime, toZoned, zonedDay } from './zoned-time';
import { addCalendarDays, calendarDaysBetween, parseDate, weekdayOf } from '../../shared/date-key';

/**
 * Bookable start times: pure (no database, no clock of its own), so every rule is tested on exact inputs.
 *
 * For each calendar date in the business time zone an employee's hours are that date's overrides when it has
 * any (a day off has none), otherwise the weekday's weekly hours. A start is offered when it lies on the
 * 30-minute wall-clock grid, the whole duration fits inside one time window of those hours, its held span (the
 * start less the buffer before to the end plus the buffer after) overlaps no busy interval (the held spans of
 * pending or confirmed appointments) of that employee, it is at least the notice ahead of now, and its date is
 * between today and today + bookingWindowDays. Buffers may reach outside the hours: preparing before opening or
 * tidying after closing is the business's choice (docs/decisions/0013-held-span-outside-hours.md).
 */

const SLOT_STEP_MINUTES = 30;

export interface WeeklyHours {
  employeeId: string;
  /** 0 Sunday … 6 Saturday */
  dayOfWeek: number;
  /** "HH:MM" or "HH:MM:SS", wall-clock in the business time zone */
  startTime: string;
  endTime: string;
  isAvailable: boolean;
}

export interface DateOverride {
  employeeId: string;
  /** YYYY-MM-DD */
  date: string;
  isAvailable: boolean;
  startTime: string | null;
  endTime: string | null;
}

/**
 * A held span of a live appointment; a class session's seats also say their session, service and start, and how
 * many seats share the span (1 when absent).
 */
export interface BusyInterval {
  employeeId: string;
  heldStartsAt: Date;
  heldEndsAt: Date;
  sessionId?: string | null;
  serviceId?: string | null;
  startsAt?: Date;
  seats?: number;
}

export interface SlotRules {
  timeZone: string;
  now: Date;
  durationMinutes: number;
  /** The service's buffers: the new appointment's held span reaches this far either side of its time. */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  noticeMinutes: number;
  bookingWindowDays: number;
  /** A class (capacity above 1) may add seats to its own session at a start; absent means an ordinary service. */
  serviceId?: string;
  capacity?: number;
}

export interface SlotData {
  employeeIds: readonly string[];
  weekly: readonly WeeklyHours[];
  overrides: readonly DateOverride[];
  busy: readonly BusyInterval[];
}

export interface Slot {
  /** wall-clock "HH:MM" in the business time zone */
  time: string;
  /** the instant, ISO 8601 UTC */
  dateTime: string;
  /**
   * who is free for the whole duration from this start: in the order given, and for a class the fullest session
   * first (a class fills before another employee opens one)
   */
  employeeIds: string[];
  /** customers who can still book this start (summed over the employees; 1 for an ordinary service) */
  seatsLeft: number;
}

/** A time window as instants [start, end); a seat of a session of the service asked about also says which. */
interface Span {
  start: number;
  end: number;
  sessionId?: string;
  sessionStart?: number;
  seats?: number;
}

const MINUTE = 60_000;

/** Today's date in the zone and the last bookable date. */
function bookableDates(rules: Pick<SlotRules, 'timeZone' | 'now' | 'bookingWindowDays'>): {
  first: string;
  last: string;
} {
  const first = toZoned(rules.now, rules.timeZone).date;
  return { first, last: addCalendarDays(first, rules.bookingWindowDays) };
}

/** The hours of one employee on one date, as wall-clock time windows (minutes after midnight). */
export function hoursOn(
  date: string,
  employeeId: string,
  data: Pick<SlotData, 'weekly' | 'overrides'>,
): { start: number; end: number }[] {
  const overrides = data.overrides.filter((o) => o.employeeId === employeeId && o.date === date);
  const weekday = weekdayOf(date);
  const rows = overrides.length
    ? overrides
        .filter((o) => o.isAvailable && o.startTime && o.endTime)
        .map((o) => ({ start: o.startTime!, end: o.endTime! }))
    : data.weekly
        .filter((w) => w.employeeId === employeeId && w.isAvailable && w.dayOfWeek === weekday)
        .map((w) => ({ start: w.startTime, end: w.endTime }));
  return rows
    .map((r) => ({ start: minutesOfTime(r.start), end: minutesOfTime(r.end) }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start);
}

/**
 * Start times offered on one date (YYYY-MM-DD in the business time zone), in time order. With `only`, a booking's
 * check of its own start: that start alone is worked out (by the same rules), so the answer is it or nothing.
 */
export function computeSlots(date: string, rules: SlotRules, data: SlotData, only?: Date): Slot[] {
  if (!parseDate(date) || rules.durationMinutes <= 0) return [];
  const { first, last } = bookableDates(rules);
  if (calendarDaysBetween(first, date) < 0 || calendarDaysBetween(date, last) < 0) return [];

  const earliest = rules.now.getTime() + rules.noticeMinutes * MINUTE;
  const duration = rules.durationMinutes * MINUTE;
  const before = rules.bufferBeforeMinutes * MINUTE;
  const after = rules.bufferAfterMinutes * MINUTE;
  const tz = rules.timeZone;
  // Instants of wall-clock times on this date, memoised: every employee shares the same grid.
  const convert = zonedDay(date, tz);
  const plain = isPlainDay(date, tz);
  const instants = new Map<number, number>();
  const instantOf = (minutes: number) => {
    let value = instants.get(minutes);
    if (value === undefined) {
      value = convert(minutes);
      instants.set(minutes, value);
    }
    return value;
  };

  // Busy intervals that can touch a held span starting this date, per employee.
  const dayStart = instantOf(0);
  const dayEnd = instantOf(24 * 60);
  const capacity = rules.capacity ?? 1;
  const busyByEmployee = new Map<string, Span[]>();
  for (const b of data.busy) {
    const start = b.heldStartsAt.getTime();
    const end = b.heldEndsAt.getTime();
    if (end <= dayStart - before || start >= dayEnd + duration + after) continue;
    let list = busyByEmployee.get(b.employeeId);
    if (!list) busyByEmployee.set(b.employeeId, (list = []));
    const joinable = capacity > 1 && b.sessionId && b.serviceId === rules.serviceId && b.startsAt;
    list.push(
      joinable
        ? { start, end, sessionId: b.sessionId!, sessionStart: b.startsAt!.getTime(), seats: b.seats ?? 1 }
        : { start, end },
    );
  }

  const seatsAt = (busy: Span[], start: number, end: number) => {
    if (capacity > 1) return seatsLeftInSession(busy, start, start - before, end + after, capacity);
    return overlapsAny(busy, start - before, end + after) ? 0 : 1;
  };

  const byInstant = new Map<number, { employeeId: string; seats: number }[]>();
  for (const employeeId of data.employeeIds) {
    const busy = busyByEmployee.get(employeeId) ?? [];
    const offered = new Set<number>();
    for (const hours of hoursOn(date, employeeId, data)) {
      const opens = instantOf(hours.start);
      const closes = instantOf(hours.end);
      const firstGrid = Math.ceil(hours.start / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES;
      for (let minutes = firstGrid; minutes < hours.end; minutes += SLOT_STEP_MINUTES) {
        const start = instantOf(minutes);
        if (only && start !== only.getTime()) continue;
        const end = start + duration;
        if (start < opens || end > closes || start < earliest || offered.has(start)) continue;
        const seats = seatsAt(busy, start, end);
        if (seats <= 0) continue;
        offered.add(start);
        let free = byInstant.get(start);
        if (!free) byInstant.set(start, (free = []));
        free.push({ employeeId, seats });
      }
    }
  }

  return [...byInstant.keys()]
    .sort((a, b) => a - b)
    .map((start) => {
      const at = new Date(start);
      // On a day without a clock change the wall clock is the elapsed time since midnight.
      const minutes = plain ? Math.round((start - dayStart) / MINUTE) : toZoned(at, tz).minutes;
      const free = byInstant.get(start)!;
      // A stable sort: the fullest session first, the given order among equals (all equal for ordinary services).
      if (capacity > 1) free.sort((a, b) => a.seats - b.seats);
      return {
        time: formatMinutes(minutes),
        dateTime: at.toISOString(),
        employeeIds: free.map((f) => f.employeeId),
        seatsLeft: free.reduce((sum, f) => sum + f.seats, 0),
      };
    });
}

/** Whether [start, end) overlaps any interval (the list holds only the date's neighbourhood: a few rows). */
function overlapsAny(intervals: Span[], start: number, end: number): boolean {
  return intervals.some((b) => b.start < end && b.end > start);
}

/**
 * Seats a class still has at `start` for one employee: all of them when nothing overlaps the held span; when only
 * seats of one session of this service at this very start do, what they leave; otherwise none (the employee's
 * time is held by something else).
 */
function seatsLeftInSession(intervals: Span[], start: number, heldStart: number, heldEnd: number, capacity: number) {
  let session: string | undefined;
  let taken = 0;
  for (const b of intervals) {
    if (!(b.start < heldEnd && b.end > heldStart)) continue;
    if (!b.sessionId || b.sessionStart !== start || (session && b.sessionId !== session)) return 0;
    session = b.sessionId;
    taken += b.seats ?? 1;
  }
  return capacity - taken;
}

/** Slots for every date from `from` to `to` inclusive (calendar stepping in the zone). */
export function computeSlotsForDates(from: string, to: string, rules: SlotRules, data: SlotData): Map<string, Slot[]> {
  const result = new Map<string, Slot[]>();
  for (let date = from; calendarDaysBetween(date, to) >= 0; date = addCalendarDays(date, 1)) {
    result.set(date, computeSlots(date, rules, data));
  }
  return result;
}
