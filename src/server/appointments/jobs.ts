import { appointmentAudit } from './appointment-audit';
import { classFullMail } from './class-full-mail';
import { depositHoldKind } from './deposit-settlement';
import { invitationMailsOf } from './invitations';
import { reminderKind, reminderScheduling, remindersResyncKind } from './reminders';
import { waitlistNotice } from './waitlist-notice';
import { waitlistKind } from './waitlist-service';

/** The appointments' jobs and subscribers; buildApp hands them to the runner. A new one is added here. */
export const appointmentJobs = [
  reminderKind,
  remindersResyncKind,
  waitlistKind,
  depositHoldKind,
  invitationMailsOf,
  reminderScheduling,
  waitlistNotice,
  appointmentAudit,
  classFullMail,
] as const;
