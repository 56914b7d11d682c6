import { eq } from 'drizzle-orm';
import { addCalendarDays, minutesOfTime, toZoned, weekdayOf } from '../booking/zoned-time';
import type { Db } from '../../../db/client';
import * as s from '../../../db/schema/index';

interface DemoWeeklyHours {
  days: readonly number[];
  startTime: string;
  endTime: string;
}
interface DemoDateOverride {
  date: string;
  startTime?: string;
  endTime?: string;
}

/**
 * The demo's date overrides, counted from the business's today: a day off for Maya ten days ahead (a holiday,
 * so the booking pages show a day without times and why), and shorter hours for Liam the day after.
 */
export function demoDateOverrides(today: string): { dayOff: DemoDateOverride; shortDay: DemoDateOverride } {
  return {
    dayOff: { date: addCalendarDays(today, 10) },
    shortDay: { date: addCalendarDays(today, 11), startTime: '12:00', endTime: '16:00' },
  };
}

/**
 * Opening and closing minutes of a calendar date under weekly hours and an override (an override without
 * times is a day off), or null on a day without hours. The demo's appointments keep inside these.
 */
export function demoHoursOn(
  date: string,
  weekly: DemoWeeklyHours,
  override: DemoDateOverride | undefined,
): { start: number; end: number } | null {
  if (override?.date === date) {
    if (!override.startTime || !override.endTime) return null;
    return { start: minutesOfTime(override.startTime), end: minutesOfTime(override.endTime) };
  }
  if (!weekly.days.includes(weekdayOf(date))) return null;
  return { start: minutesOfTime(weekly.startTime), end: minutesOfTime(weekly.endTime) };
}

/** Inserts the date overrides of demoDateOverrides beside the weekly hours seeded with the staff. */
export async function seedBookingDemo(
  db: Db,
  opts: { now: Date; employeeEmails: { dayOff: string; shortDay: string } },
) {
  const [settings] = await db.select({ timezone: s.businessSettings.timezone }).from(s.businessSettings);
  const { dayOff, shortDay } = demoDateOverrides(toZoned(opts.now, settings?.timezone ?? 'UTC').date);
  const [dayOffEmployee] = await db
    .select({ id: s.users.id })
    .from(s.users)
    .where(eq(s.users.email, opts.employeeEmails.dayOff));
  const [shortDayEmployee] = await db
    .select({ id: s.users.id })
    .from(s.users)
    .where(eq(s.users.email, opts.employeeEmails.shortDay));
  const rows: (typeof s.dateOverrides.$inferInsert)[] = [];
  if (dayOffEmployee) rows.push({ employeeId: dayOffEmployee.id, date: dayOff.date, isAvailable: false });
  if (shortDayEmployee) rows.push({ employeeId: shortDayEmployee.id, isAvailable: true, ...shortDay });
  if (rows.length) await db.insert(s.dateOverrides).values(rows);
}
