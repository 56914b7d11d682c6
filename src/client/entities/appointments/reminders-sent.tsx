import { useIntl } from 'react-intl';
import { liveStatuses, type Appointment } from '../../../shared/appointment-schema';
import { dateTimeOf } from '../../lib/zoned-time';

/** 1 day, 2 hours, 90 minutes: a reminder offset in the largest unit that says it whole. */
const offsetOf = (minutes: number) =>
  minutes % 1440 === 0
    ? { amount: minutes / 1440, unit: 'day' }
    : minutes % 60 === 0
      ? { amount: minutes / 60, unit: 'hour' }
      : { amount: minutes, unit: 'minute' };

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
  const intl = useIntl();
  const sent = [...appointment.remindersSent].sort((a, b) => b.offsetMinutes - a.offsetMinutes);
  // Only an upcoming pending or confirmed appointment may still get one.
  const upcoming =
    (liveStatuses as readonly string[]).includes(appointment.status) && new Date(appointment.dateTime) > new Date();
  return (
    <p className="text-sm text-stone-600" data-testid="reminders-sent">
      {sent.length === 0
        ? intl.formatMessage({ id: upcoming ? 'entities.noReminderYet' : 'entities.noReminder' })
        : intl.formatMessage(
            { id: 'entities.remindersSent' },
            {
              count: sent.length,
              // A unit list ("1 day before (…), 2 hours before (…)"): English joins it with commas only.
              list: intl.formatList(
                sent.map((r) =>
                  intl.formatMessage(
                    { id: 'entities.reminderBefore' },
                    { ...offsetOf(r.offsetMinutes), when: dateTimeOf(r.sentAt, timeZone) },
                  ),
                ),
                { type: 'unit' },
              ),
            },
          )}
    </p>
  );
}
