import { liveStatuses, type Appointment } from '../../../shared/appointment-schema';
import { dateTimeOf } from '../../lib/zoned-time';

/** "1 day", "2 hours", "90 minutes": a reminder offset as a person says it. */
function offsetLabel(minutes: number): string {
  const [amount, unit] =
    minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/**
 * Whether the appointment's reminder e-mails went, for staff: "Reminders sent: 1 day before (Mon, Nov 30, 2026 at
 * 9:00 AM)". None says so, so a missing one is noticed before the customer is.
 */
export function RemindersSent({
  appointment,
  timeZone,
}: {
  appointment: Pick<Appointment, 'remindersSent' | 'status' | 'dateTime'>;
  timeZone: string;
}) {
  const sent = [...appointment.remindersSent].sort((a, b) => b.offsetMinutes - a.offsetMinutes);
  // Only an upcoming pending or confirmed appointment may still get one.
  const upcoming =
    (liveStatuses as readonly string[]).includes(appointment.status) && new Date(appointment.dateTime) > new Date();
  return (
    <p className="text-sm text-stone-600" data-testid="reminders-sent">
      {sent.length === 0
        ? `No reminder sent${upcoming ? ' yet' : ''}.`
        : `Reminder${sent.length === 1 ? '' : 's'} sent: ${sent
            .map((r) => `${offsetLabel(r.offsetMinutes)} before (${dateTimeOf(r.sentAt, timeZone)})`)
            .join(', ')}.`}
    </p>
  );
}
