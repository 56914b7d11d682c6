import type { IntlShape } from 'react-intl';
import { minutesOf } from '../../../shared/availability-schema';
import type { WeekDay } from './week-schedule';
import { clockLabelOf, clockOf, dateKeyOf, dayLabelOf, timeOf, todayIn } from '../../lib/zoned-time';
import { addCalendarDays, weekdayOf, weekOf } from '../../../shared/date-key';
import { classLabel, groupSessions, heldSeats } from '../appointments/class-sessions';
import { customerNameOf } from '../customers/customer-name';

interface WeeklyHours {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  isAvailable: boolean;
}
interface DateOverride {
  date: string;
  isAvailable: boolean;
  startTime: string | null;
  endTime: string | null;
}
interface Appointment {
  id: string;
  dateTime: string;
  status: string;
  service: { name: string } | null;
  customer: { firstName: string; lastName: string; email: string };
  sessionId: string | null;
}

/** A time someone is away according to their own calendars: the span only, never a title. */
interface BusyTime {
  employeeId: string;
  startsAt: string;
  endsAt: string;
}

/**
 * The part of each busy time that falls on each date (a busy time may run past midnight, an all-day event covers
 * whole dates), as "9:00 AM - 10:00 AM" or "All day", in start order. `who` names the person when the view shows
 * several.
 */
export function busyOnDates(
  busy: BusyTime[],
  timeZone: string,
  intl: IntlShape,
  who?: (employeeId: string) => string | undefined,
): Map<string, NonNullable<WeekDay['busy']>> {
  const byDate = new Map<string, NonNullable<WeekDay['busy']>>();
  for (const b of busy) {
    const first = dateKeyOf(b.startsAt, timeZone);
    const from = clockOf(b.startsAt, timeZone);
    const endDate = dateKeyOf(b.endsAt, timeZone);
    const to = clockOf(b.endsAt, timeZone);
    // An end at midnight ends the day before.
    const last = to === '00:00' ? addCalendarDays(endDate, -1) : endDate;
    for (let date = first, i = 0; date <= last && i < 366; date = addCalendarDays(date, 1), i++) {
      const start = date === first ? from : '00:00';
      const end = date === endDate ? to : '24:00';
      const list = byDate.get(date) ?? [];
      list.push({
        key: `${b.employeeId} ${b.startsAt} ${b.endsAt}`,
        start,
        label:
          start === '00:00' && end === '24:00'
            ? intl.formatMessage({ id: 'entities.busyAllDay' })
            : `${clockLabelOf(start)} - ${clockLabelOf(end)}`,
        who: who?.(b.employeeId),
      });
      byDate.set(date, list);
    }
  }
  for (const list of byDate.values()) list.sort((a, b) => a.start.localeCompare(b.start));
  return byDate;
}

const itemOf = (a: Appointment, timeZone: string, intl: IntlShape) => ({
  id: a.id,
  time: timeOf(a.dateTime, timeZone),
  title: a.service?.name ?? intl.formatMessage({ id: 'entities.service' }),
});

const byStart = (a: { startTime: string }, b: { startTime: string }) => minutesOf(a.startTime) - minutesOf(b.startTime);

/**
 * One person's week: the working hours of each date (a date override replaces that weekday's weekly hours) and
 * the appointments that fall on it in the business time zone, and the times their own calendars say they are busy.
 */
export function buildWeek(
  anchor: string,
  timeZone: string,
  data: { weekly: WeeklyHours[]; overrides: DateOverride[]; appointments: Appointment[]; busy?: BusyTime[] },
  intl: IntlShape,
  who?: (employeeId: string) => string | undefined,
): WeekDay[] {
  const today = todayIn(timeZone);
  const busy = busyOnDates(data.busy ?? [], timeZone, intl, who);
  return weekOf(anchor).map((date) => {
    const own = data.overrides.filter((o) => o.date === date);
    const dayOff = own.some((o) => !o.isAvailable);
    const hours = own.length
      ? own
          .filter((o) => o.isAvailable && o.startTime && o.endTime)
          .map((o) => ({ startTime: o.startTime!, endTime: o.endTime! }))
      : data.weekly.filter((w) => w.isAvailable && w.dayOfWeek === weekdayOf(date));
    const items = groupSessions(
      data.appointments
        .filter((a) => dateKeyOf(a.dateTime, timeZone) === date)
        .sort((a, b) => a.dateTime.localeCompare(b.dateTime)),
    ).map((entry) => {
      const a = entry.kind === 'one' ? entry.appointment : entry.seats[0]!;
      if (entry.kind === 'one')
        return {
          ...itemOf(a, timeZone, intl),
          detail: customerNameOf(intl, a.customer),
          status: a.status,
        };
      // A class is one item: how many hold a seat, and it counts as live while anyone does.
      return {
        ...itemOf(a, timeZone, intl),
        detail: classLabel(intl, entry.seats),
        status: heldSeats(entry.seats)[0]?.status ?? a.status,
      };
    });
    return {
      date,
      label: dayLabelOf(date, 'weekday'),
      shortDate: dayLabelOf(date, 'monthDay'),
      isToday: date === today,
      hours: dayOff ? [] : [...hours].sort(byStart).map((w) => `${w.startTime} - ${w.endTime}`),
      note: dayOff
        ? intl.formatMessage({ id: 'entities.dayOff' })
        : own.length
          ? intl.formatMessage({ id: 'entities.specialHours' })
          : undefined,
      items,
      busy: busy.get(date) ?? [],
    };
  });
}
