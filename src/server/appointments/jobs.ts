import { classFullMail } from './class-full-mail';
import { depositHoldKind } from './deposit-settlement';
import { reminderKind, remindersResyncKind } from './reminders';
import { waitlistKind } from './waitlist-service';

/** The appointments' jobs and subscribers; buildApp hands them to the runner. A new one is added here. */
export const appointmentJobs = [
  reminderKind,
  remindersResyncKind,
  waitlistKind,
  depositHoldKind,
  classFullMail,
] as const;
