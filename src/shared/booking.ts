/** Booking rules shared by the server and the booking screens (no zod, so the storefront bundle stays small). */

const HOUR = 3_600_000;

/** Whether a customer may still cancel or reschedule an appointment starting at `startsAt`. */
export function withinCancellationNotice(startsAt: Date, now: Date, cancellationNoticeHours: number): boolean {
  return startsAt.getTime() - now.getTime() >= cancellationNoticeHours * HOUR;
}

/** The sentence shown when a customer is too late to change an appointment. */
export function cancellationNoticeMessage(cancellationNoticeHours: number): string {
  const span = cancellationNoticeHours === 1 ? '1 hour' : `${cancellationNoticeHours} hours`;
  return `Appointments can be cancelled or rescheduled up to ${span} before they start. Please contact us to change this one.`;
}

/** How long a booking waits for its deposit to be paid by card before it is cancelled and the time freed. */
export const DEPOSIT_HOLD_MINUTES = 15;
