import { toZoned } from '../src/server/booking/zoned-time';
import { addCalendarDays, weekdayOf } from '../src/shared/date-key';
import { demoDateOverrides } from '../src/server/demo/seed-booking';

/** The demo business's time zone. */
export const DEMO_TZ = 'America/New_York';

/**
 * Weekdays from two days ahead on which the demo staff work their usual hours (no date override), one per
 * journey and viewport, so no journey meets the times another one booked.
 */
export function workdays(count: number): string[] {
  const today = toZoned(new Date(), DEMO_TZ).date;
  const overridden = Object.values(demoDateOverrides(today)).map((o) => o.date);
  const days: string[] = [];
  for (let i = 2; days.length < count; i++) {
    const date = addCalendarDays(today, i);
    const day = weekdayOf(date);
    if (day >= 1 && day <= 5 && !overridden.includes(date)) days.push(date);
  }
  return days;
}
