import { eq } from 'drizzle-orm';
import { addCalendarDays, toZoned } from '../booking/zoned-time';
import type { Db } from '../../../db/client';
import * as s from '../../../db/schema/index';

/**
 * Booking demo rows beside the weekly hours seeded with the staff: a day off for Maya ten days from now (a
 * holiday, so the booking pages show a day without times and why), and shorter hours for Liam the day after.
 */
export async function seedBookingDemo(
  db: Db,
  opts: { now: Date; employeeEmails: { dayOff: string; shortDay: string } },
) {
  const [settings] = await db.select({ timezone: s.businessSettings.timezone }).from(s.businessSettings);
  const today = toZoned(opts.now, settings?.timezone ?? 'UTC').date;
  const [dayOff] = await db
    .select({ id: s.users.id })
    .from(s.users)
    .where(eq(s.users.email, opts.employeeEmails.dayOff));
  const [shortDay] = await db
    .select({ id: s.users.id })
    .from(s.users)
    .where(eq(s.users.email, opts.employeeEmails.shortDay));
  const rows: (typeof s.availabilityOverrides.$inferInsert)[] = [];
  if (dayOff) rows.push({ employeeId: dayOff.id, date: addCalendarDays(today, 10), isAvailable: false });
  if (shortDay)
    rows.push({
      employeeId: shortDay.id,
      date: addCalendarDays(today, 11),
      isAvailable: true,
      startTime: '12:00',
      endTime: '16:00',
    });
  if (rows.length) await db.insert(s.availabilityOverrides).values(rows);
}
