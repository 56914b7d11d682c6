import type { IntlShape } from 'react-intl';
import { minutesOf } from '../../../shared/availability-schema';
import type { WeekDay } from './week-schedule';
import { dateKeyOf, dayLabelOf, timeOf, todayIn } from '../../lib/zoned-time';
import { weekdayOf, weekOf } from '../../../shared/date-key';
import { classLabel, groupSessions, heldSeats } from '../appointments/class-sessions';

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
  customer: { firstName: string; lastName: string };
  sessionId: string | null;
}

const itemOf = (a: Appointment, timeZone: string, intl: IntlShape) => ({
  id: a.id,
  time: timeOf(a.dateTime, timeZone),
  title: a.service?.name ?? intl.formatMessage({ id: 'entities.service' }),
});

const byStart = (a: { startTime: string }, b: { startTime: string }) => minutesOf(a.startTime) - minutesOf(b.startTime);

/**
 * One person's week: the working hours of each date (a date override replaces that weekday's weekly hours) and
 * the appointments that fall on it in the business time zone.
 */
export function buildWeek(
  anchor: string,
  timeZone: string,
  data: { weekly: WeeklyHours[]; overrides: DateOverride[]; appointments: Appointment[] },
  intl: IntlShape,
): WeekDay[] {
  const today = todayIn(timeZone);
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
          detail: `${a.customer.firstName} ${a.customer.lastName}`.trim(),
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
    };
  });
}
