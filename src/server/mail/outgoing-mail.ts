import { z } from 'zod';

/** One mail as queued: the payload of a `mail` job. */
export const ZOutgoingMail = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  /** iCalendar text attached as a calendar invitation (METHOD:REQUEST or CANCEL inside). */
  icalEvent: z.string().optional(),
});
export type OutgoingMail = z.infer<typeof ZOutgoingMail>;
