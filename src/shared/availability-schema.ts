import { z } from 'zod';
import { issueMessage, labelMessage, sentence, type Sentence } from './i18n/sentence';
import { isCalendarDate, zCalendarDate } from './wire-formats';

/**
 * Weekly hours: wall-clock time windows in the business time zone. The admin calls number the days
 * 0 (Sunday) to 6 (Saturday) and flag a row `isAvailable`; the employee portal names them
 * (`monday` … `sunday`) and flags `isActive`. Both describe the same rows.
 */
export const dayNames = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type DayName = (typeof dayNames)[number];
const ZDayName = z.enum(dayNames, { error: 'Day must be a lowercase day name, monday to sunday' });

/** Monday first, Sunday last: the order of every weekly grid. */
export const weekOrder = [1, 2, 3, 4, 5, 6, 0] as const;
export const dayLabels = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const ZDayNumber = z
  .number({ error: 'Day of week must be a number from 0 (Sunday) to 6 (Saturday)' })
  .int('Day of week must be a number from 0 (Sunday) to 6 (Saturday)')
  .min(0, 'Day of week must be a number from 0 (Sunday) to 6 (Saturday)')
  .max(6, 'Day of week must be a number from 0 (Sunday) to 6 (Saturday)');

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:00)?$/;
/** "HH:MM" (a trailing ":00" of seconds is accepted and dropped). */
const ZWallTime = (label: string) =>
  z
    .string({ error: labelMessage('{label} must be a time like 09:00', label) })
    .regex(TIME, labelMessage('{label} must be a time like 09:00', label))
    .transform((value) => value.slice(0, 5));

/** Minutes after midnight of "HH:MM". */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** Half-hour choices from 09:00 to 17:30: the time selects of the schedule dialog and the Add Time Slot panel. */
export const halfHourOptions: string[] = Array.from({ length: 18 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

export const DEFAULT_HOURS = { startTime: '09:00', endTime: '17:00' } as const;
/** Monday to Friday. */
export const standardBusinessDays = [1, 2, 3, 4, 5] as const;

// ---------- admin calls (numbers) ----------

export const ZWeeklyHours = z.object({
  id: z.string(),
  employeeId: z.string(),
  /** Where these hours are worked. */
  locationId: z.string(),
  dayOfWeek: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  isAvailable: z.boolean(),
});
z.globalRegistry.add(ZWeeklyHours, { id: 'WeeklyHours', description: "One weekday's working hours of an employee" });
export type WeeklyHours = z.infer<typeof ZWeeklyHours>;

/** One row of weekly hours as the admin screens and `/my-availability` send it. */
const ZLocationIdField = z.string().trim().max(100).optional().describe('Where (absent: the first location)');

const ZWeeklyHoursInput = z.object({
  locationId: ZLocationIdField,
  dayOfWeek: ZDayNumber,
  startTime: ZWallTime('Start time'),
  endTime: ZWallTime('End time'),
  isAvailable: z.boolean({ error: 'isAvailable must be true or false' }).optional().default(true),
  // The list of PUT /employee-availability/{employeeId} repeats the employee on every row; the path decides.
  employeeId: z.string().optional(),
});

const ZWeeklyHoursList = z
  .array(ZWeeklyHoursInput, { error: 'availability must be a list of time windows' })
  .max(200, 'At most 200 windows per week');

// One path template serves GET/PUT (an employee's id) and DELETE (a row's id), so the parameter is `id`.
export const ZReplaceWeeklyHoursInput = z.object({
  id: z.string().max(100).describe("The employee's id"),
  availability: ZWeeklyHoursList,
});

export const ZReplaceMyWeeklyHoursInput = z.object({ availability: ZWeeklyHoursList });

export const ZAddWeeklyHoursInput = z.object({
  employeeId: z.string({ error: 'Please select an employee first.' }).min(1, 'Please select an employee first.'),
  locationId: ZLocationIdField,
  dayOfWeek: ZDayNumber,
  startTime: ZWallTime('Start time'),
  endTime: ZWallTime('End time'),
  isAvailable: z.boolean({ error: 'isAvailable must be true or false' }).optional().default(true),
});

// ---------- employee portal calls (names) ----------

export const ZPortalWeeklyHours = z.object({
  id: z.string(),
  employeeId: z.string(),
  /** Where these hours are worked. */
  locationId: z.string(),
  dayOfWeek: ZDayName,
  startTime: z.string(),
  endTime: z.string(),
  isActive: z.boolean(),
});
z.globalRegistry.add(ZPortalWeeklyHours, { id: 'PortalWeeklyHours' });
export type PortalWeeklyHours = z.infer<typeof ZPortalWeeklyHours>;

/**
 * POST /employee/availability takes exactly one of three shapes: add a time window to a day, clear a day,
 * or delete one. Anything else is refused.
 */
export const ZPortalWeeklyHoursChange = z
  .object({
    dayOfWeek: ZDayName.optional(),
    available: z.boolean({ error: 'available must be true or false' }).optional(),
    startTime: ZWallTime('Start time').optional(),
    endTime: ZWallTime('End time').optional(),
    // With an addition: where (absent: the first location).
    locationId: ZLocationIdField,
    id: z.string().max(100).optional(),
    action: z.literal('delete', { error: 'action must be "delete"' }).optional(),
  })
  .superRefine((body, ctx) => {
    // Each shape takes its own fields and none of another's: a body mixing two is none of them.
    const naming = body.id !== undefined || body.action !== undefined;
    const add =
      body.dayOfWeek !== undefined &&
      body.available === true &&
      body.startTime !== undefined &&
      body.endTime !== undefined &&
      !naming;
    const clear =
      body.dayOfWeek !== undefined &&
      body.available === false &&
      body.startTime === undefined &&
      body.endTime === undefined &&
      !naming;
    const remove =
      body.id !== undefined &&
      body.action === 'delete' &&
      body.dayOfWeek === undefined &&
      body.available === undefined &&
      body.startTime === undefined &&
      body.endTime === undefined;
    if (body.locationId !== undefined && !add) {
      ctx.addIssue({ code: 'custom', path: ['locationId'], message: 'locationId goes only with an added time slot.' });
      return;
    }
    if ([add, clear, remove].filter(Boolean).length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message:
          'Send one of: {dayOfWeek, available: true, startTime, endTime} to add a time slot, {dayOfWeek, available: false} to clear a day, or {id, action: "delete"} to remove a time slot.',
      });
    }
  });
export type PortalWeeklyHoursChange = z.infer<typeof ZPortalWeeklyHoursChange>;

export function dayNumberOf(name: DayName): number {
  return dayNames.indexOf(name);
}

// ---------- date overrides ----------

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A date; its messages name it by a label (a sentence: `la fecha`) or by the field's name in the API (data). */
const ZDateString = (named: Sentence | string) =>
  z
    .string({ error: issueMessage('{label} must be a date like 2026-12-24', { label: named }) })
    .regex(DATE, issueMessage('{label} must be a date like 2026-12-24', { label: named }))
    .refine(isCalendarDate, issueMessage('{label} must be a real calendar date', { label: named }))
    .meta({ format: 'date' });

export const ZDateOverride = z.object({
  id: z.string(),
  employeeId: z.string(),
  locationId: z.string(),
  date: zCalendarDate(),
  isAvailable: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
z.globalRegistry.add(ZDateOverride, {
  id: 'DateOverride',
  description: "An employee's hours on one date, replacing the weekly ones",
});
export type DateOverride = z.infer<typeof ZDateOverride>;

export const ZListOverridesInput = z.object({
  employeeId: z.string().max(100).optional(),
  from: ZDateString('from').optional(),
  to: ZDateString('to').optional(),
});

export const ZCreateOverrideInput = z
  .object({
    // Absent: the caller's own.
    employeeId: z.string().max(100).optional(),
    locationId: ZLocationIdField,
    date: ZDateString(sentence('Date', {})),
    isAvailable: z.boolean({ error: 'isAvailable must be true or false' }),
    startTime: ZWallTime('Start time').optional(),
    endTime: ZWallTime('End time').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.isAvailable && (body.startTime === undefined || body.endTime === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'Special hours need a start and an end time.' });
    }
    if (
      body.startTime !== undefined &&
      body.endTime !== undefined &&
      minutesOf(body.endTime) <= minutesOf(body.startTime)
    ) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'The end time must be after the start time.' });
    }
  });

export const ZIdParam = z.object({ id: z.string().max(100) });
export const ZEmployeeIdParam = z.object({ id: z.string().max(100).describe("The employee's id") });

/** The Add Time Slot panel and the schedule dialog: two half-hour choices, the end after the start. */
export const ZHoursChoice = z
  .object({
    locationId: z.string().optional(),
    startTime: ZWallTime('Start time'),
    endTime: ZWallTime('End time'),
  })
  .refine((v) => minutesOf(v.endTime) > minutesOf(v.startTime), {
    path: ['endTime'],
    message: 'The end time must be after the start time.',
  });

/** Total hours of a list of time windows, to one decimal ("37.5"). */
export function totalHours(hours: { startTime: string; endTime: string }[]): string {
  const minutes = hours.reduce((sum, w) => sum + Math.max(0, minutesOf(w.endTime) - minutesOf(w.startTime)), 0);
  return (minutes / 60).toFixed(1);
}

/**
 * The add-schedule dialog. The employee is checked on submit with its own notice ('Employee Required'),
 * so it may be empty here.
 */
export const ZWeeklyHoursForm = z
  .object({
    employeeId: z.string(),
    locationId: z.string().optional(),
    dayOfWeek: z.string(),
    startTime: ZWallTime('Start time'),
    endTime: ZWallTime('End time'),
  })
  .refine((v) => minutesOf(v.endTime) > minutesOf(v.startTime), {
    path: ['endTime'],
    message: 'The end time must be after the start time.',
  });
