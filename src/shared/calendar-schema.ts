import { z } from 'zod';
import { issueMessage } from './i18n/sentence';
import { zDateInput } from './wire-formats';
import { exportMessages } from './csv-schema';

/** A staff member's connected calendar (a CalDAV account or an ICS address): never its password. */
const ZCalendarChoice = z.object({
  href: z.string(),
  name: z.string(),
  readsBusy: z.boolean(),
  receivesBookings: z.boolean(),
});

export const ZCalendarConnection = z.object({
  id: z.string(),
  kind: z.enum(['caldav', 'ics']),
  url: z.string(),
  username: z.string().optional(),
  status: z.enum(['ok', 'error']),
  lastSyncedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  calendars: z.array(ZCalendarChoice),
});
z.globalRegistry.add(ZCalendarConnection, { id: 'CalendarConnection' });
export type CalendarConnection = z.infer<typeof ZCalendarConnection>;

const ZCalendarUrl = z
  .string({ error: 'The address is required' })
  .trim()
  .min(1, 'The address is required')
  // Its own sentence: the schema's error above would otherwise say a long address is missing.
  .max(2000, 'The address must be at most 2000 characters')
  .refine(
    (value) => /^(https?|webcal):\/\/[^\s]+$/i.test(value),
    'The address must start with https://, http:// or webcal://',
  );

export const ZConnectCalendarInput = z.object({
  kind: z.enum(['caldav', 'ics'], { error: 'Choose a CalDAV account or an ICS address' }),
  url: ZCalendarUrl,
  username: z.string().trim().max(320).optional(),
  password: z.string().max(1000).optional(),
});
export type ConnectCalendarInput = z.infer<typeof ZConnectCalendarInput>;

export const ZChooseCalendarsInput = z.object({
  id: z.string().max(100),
  calendars: z
    .array(z.object({ href: z.string().max(2000), readsBusy: z.boolean(), receivesBookings: z.boolean() }))
    .max(200),
});
export type ChooseCalendarsInput = z.infer<typeof ZChooseCalendarsInput>;

export const ZConnectionIdInput = z.object({ id: z.string().max(100) });

/** A time an employee is away according to their own calendars: no title, only the span. */
export const ZBusyTime = z.object({ employeeId: z.string(), startsAt: z.string(), endsAt: z.string() });
z.globalRegistry.add(ZBusyTime, { id: 'BusyTime' });
export type BusyTime = z.infer<typeof ZBusyTime>;

const ZBusyRange = z.object({
  from: zDateInput(issueMessage('{field} must be a date such as 2026-05-01', { field: 'from' })),
  to: zDateInput(issueMessage('{field} must be a date such as 2026-05-01', { field: 'to' })),
});
const inOrder = (range: { from: string; to: string }) => range.from <= range.to;
const backwards = { message: exportMessages.rangeBackwards, path: ['to'] };

/** Your own busy times (the employee portal). */
export const ZMyBusyTimesInput = ZBusyRange.refine(inOrder, backwards);
/** Staff's busy times, or one person's. */
export const ZBusyTimesInput = ZBusyRange.extend({ employeeId: z.string().max(100).optional() }).refine(
  inOrder,
  backwards,
);
