import type { Appointment } from '../../../shared/appointment-schema';
import { dateTimeOf } from '../../lib/zoned-time';

/** "1 day", "2 hours", "90 minutes": a reminder offset as a person says it. */
function offsetLabel(minutes: number): string {
  const [amount, unit] =
    minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/**
 * Whether the appointment's reminder e-mails went, for staff: "Reminders sent: 1 day before (Mon, Nov 30, 2026 at
 * 9:00 AM)". None yet says so, so a missing one is noticed before the customer is.
 */
export function RemindersSent({ reminders, timeZone }: { reminders: Appointment['remindersSent']; timeZone: string }) {
  const sent = [...reminders].sort((a, b) => b.offsetMinutes - a.offsetMinutes);
  return (
    <p className="text-sm text-stone-600" data-testid="reminders-sent">
      {sent.length === 0
        ? 'No reminder sent yet.'
        : `Reminder${sent.length === 1 ? '' : 's'} sent: ${sent
            .map((r) => `${offsetLabel(r.offsetMinutes)} before (${dateTimeOf(r.sentAt, timeZone)})`)
            .join(', ')}.`}
    </p>
  );
}
