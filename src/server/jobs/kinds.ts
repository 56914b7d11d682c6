import { z } from 'zod';
import { ZDepositHoldJob } from '../appointments/deposit-hold-job';
import { ZOutgoingMail } from '../mail/outgoing-mail';
import { ZWebhookJob } from '../webhooks/webhook-job';

/**
 * Every kind of job and the shape of its payload. enqueue checks a payload against it before writing, the
 * runner again before handing it to the kind's handler (a row may have been written by an older version).
 * A new kind adds one line here and its handler in buildApp (docs/jobs.md).
 */
export const jobPayloads = {
  mail: ZOutgoingMail,
  webhook: ZWebhookJob,
  reminder: z.object({ appointmentId: z.string(), offsetMinutes: z.number().int() }),
  remindersResync: z.object({}),
  /** A time may have opened for this employee on this date (YYYY-MM-DD, business time zone): tell the waitlist. */
  waitlist: z.object({ employeeId: z.string(), date: z.string() }),
  depositHold: ZDepositHoldJob,
  /** Read a staff member's connected calendar (every 5 minutes, and at once on connect or sync now). */
  calendarSync: z.object({ connectionId: z.string() }),
  /** Write an appointment to (or remove it from) its employee's receiving calendar. */
  calendarPush: z.object({ appointmentId: z.string() }),
  /** Forget events past their 30 days (daily; queued again by each run). */
  eventsCleanup: z.object({}),
} satisfies Record<string, z.ZodType>;

export type JobKind = keyof typeof jobPayloads;
export type JobPayload<K extends JobKind> = z.infer<(typeof jobPayloads)[K]>;
