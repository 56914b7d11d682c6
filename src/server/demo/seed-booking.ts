import { eq } from 'drizzle-orm';
import { minutesOfTime, toZoned, zonedToInstant } from '../booking/zoned-time';
import { addCalendarDays, weekdayOf } from '../../shared/date-key';
import type { Db, Tx } from '../../../db/client';
import * as s from '../../../db/schema/index';
import type { ServiceQuestion } from '../../shared/catalog';

/** The Express Facial's intake questions (seed.ts), with fixed ids so the demo's answers name them. */
export const demoFacialQuestions: ServiceQuestion[] = [
  {
    id: 'c1a0c1a0-0000-4000-8000-000000000001',
    label: 'Any allergies or sensitivities?',
    kind: 'text',
    required: true,
    translations: { es: { label: '¿Alguna alergia o sensibilidad?' } },
  },
  {
    id: 'c1a0c1a0-0000-4000-8000-000000000002',
    label: 'Skin type',
    kind: 'choice',
    options: ['Dry', 'Oily', 'Combination', 'Not sure'],
    required: true,
    translations: { es: { label: 'Tipo de piel', options: ['Seca', 'Grasa', 'Mixta', 'No lo sé'] } },
  },
  {
    id: 'c1a0c1a0-0000-4000-8000-000000000003',
    label: 'I agree to a patch test if needed',
    kind: 'checkbox',
    required: false,
    translations: { es: { label: 'Acepto una prueba de tolerancia si hace falta' } },
  },
];
const demoAnswers = (roll: number) => {
  const [allergies, skin, consent] = demoFacialQuestions as [ServiceQuestion, ServiceQuestion, ServiceQuestion];
  return [
    { questionId: allergies.id, label: allergies.label, answer: roll < 0.3 ? 'Nuts' : 'None' },
    { questionId: skin.id, label: skin.label, answer: skin.options![Math.floor(roll * 4)]! },
    { questionId: consent.id, label: consent.label, answer: roll < 0.7 },
  ];
};

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
function demoHoursOn(
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

/** The staff's weekly hours: days and times for each staff member, in the order given. */
export async function seedDemoWeeklyHours(tx: Tx, staff: { id: string }[]): Promise<DemoWeeklyHours[]> {
  // Weekdays for all, Saturdays for Sofia; Liam starts and ends an hour later.
  const weeklyHours = staff.map((_, i) => ({
    days: [1, 2, 3, 4, 5, ...(i === 2 ? [6] : [])],
    startTime: i === 1 ? '10:00' : '09:00',
    endTime: i === 1 ? '18:00' : '17:00',
  }));
  await tx.insert(s.weeklyHours).values(
    staff.flatMap((member, i) => {
      const { days, startTime, endTime } = weeklyHours[i]!;
      return days.map((dayOfWeek) => ({ employeeId: member.id, dayOfWeek, startTime, endTime }));
    }),
  );
  return weeklyHours;
}

export async function seedDemoAppointments(
  tx: Tx,
  opts: {
    now: Date;
    timeZone: string;
    random: () => number;
    staff: { id: string }[];
    services: { id: string; duration: number }[];
    customers: { id: string }[];
    weeklyHours: DemoWeeklyHours[];
  },
) {
  const { now, timeZone, random, staff, services, customers, weeklyHours } = opts;
  // Appointments over the last 60 days and the next 30, at most three a day per employee, never overlapping,
  // each inside its employee's hours that day (weekly hours and the date overrides of seedBookingDemo).
  // Calendar days in the business's zone: a date and a wall-clock time, so 10:00 stays 10:00 across DST.
  // Every working day draws the same random numbers whether or not a time fits, so the rest of the story
  // (the orders) is the same on any calendar day.
  const today = toZoned(now, timeZone).date;
  const { dayOff, shortDay } = demoDateOverrides(today);
  const overrideOf = [dayOff, shortDay, undefined]; // Maya, Liam, Sofia
  // Each books only services she or he provides (seedCatalogue): Maya massages, Liam hair and nails, Sofia
  // facials. A customer may then move any of them to another of that employee's times.
  const demoServicesOf = [
    [0, 1],
    [4, 5],
    [2, 3],
  ];
  const appointmentRows: (typeof s.appointments.$inferInsert)[] = [];
  for (let offset = -60; offset <= 30; offset++) {
    const date = addCalendarDays(today, offset);
    if (weekdayOf(date) === 0) continue;
    staff.forEach((member, i) => {
      const open = demoHoursOn(date, weeklyHours[i]!, overrideOf[i]);
      for (const time of ['10:00', '13:00', '15:30']) {
        if (random() < 0.45) continue;
        const service = services[demoServicesOf[i]![Math.floor(random() * 2)]!]!;
        const roll = random();
        const customer = customers[Math.floor(random() * customers.length)]!;
        const start = minutesOfTime(time);
        if (!open || start < open.start || start + service.duration > open.end) continue;
        const startsAt = zonedToInstant(date, start, timeZone);
        const past = startsAt < now;
        appointmentRows.push({
          serviceId: service.id,
          employeeId: member.id,
          customerId: customer.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + service.duration * 60000),
          duration: service.duration,
          notes: roll < 0.2 ? 'First visit.' : '',
          // The Express Facial (services[3]) asks its questions.
          answers: service === services[3] ? demoAnswers(roll) : [],
          status: past ? (roll < 0.1 ? 'cancelled' : 'completed') : roll < 0.6 ? 'confirmed' : 'pending',
          createdAt: new Date(Math.min(now.getTime(), startsAt.getTime()) - 7 * 86400000),
        });
      }
    });
  }
  await tx.insert(s.appointments).values(appointmentRows);
}
