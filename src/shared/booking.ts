/** Booking rules shared by the server and the booking screens (no zod, so the storefront bundle stays small). */
import { sentence } from './i18n/sentence';

const HOUR = 3_600_000;

/** Whether a customer may still cancel or reschedule an appointment starting at `startsAt`. */
export function withinCancellationNotice(startsAt: Date, now: Date, cancellationNoticeHours: number): boolean {
  return startsAt.getTime() - now.getTime() >= cancellationNoticeHours * HOUR;
}

/** The sentence shown when a customer is too late to change an appointment. */
export const cancellationNoticeMessage = (cancellationNoticeHours: number) =>
  sentence(
    'Appointments can be cancelled or rescheduled up to {hours, plural, one {# hour} other {# hours}} before they start. Please contact us to change this one.',
    { hours: cancellationNoticeHours },
  );
