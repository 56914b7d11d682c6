import { groupSessions } from '../../entities/appointments/class-sessions';
import { AppointmentStatusBadge } from '../../entities/appointments/appointment-status-badge';
import { RemindersSent } from '../../entities/appointments/reminders-sent';
import { dateKeyOf, dayLabelOf, timeOf } from '../../lib/zoned-time';
import { AppointmentStatusSelect } from './appointment-status-select';
import { ClassSessionRow } from './class-session-row';
import type { CalendarAppointment } from './scheduling-api';

function AppointmentRow({
  appointment: a,
  timeZone,
  showDate,
}: {
  appointment: CalendarAppointment;
  timeZone: string;
  showDate?: boolean;
}) {
  const service = a.service?.name ?? 'Service';
  const time = timeOf(a.dateTime, timeZone);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-stone-900">
          {showDate && `${dayLabelOf(dateKeyOf(a.dateTime, timeZone))} · `}
          {time} · {service}
        </p>
        <p className="text-sm text-stone-700">
          {a.customer.firstName} {a.customer.lastName}
          {a.customer.email && <span className="text-stone-600"> · {a.customer.email}</span>}
        </p>
        <p className="text-sm text-stone-600">
          with {a.employee.firstName} {a.employee.lastName} · {a.duration} min
        </p>
        {a.notes && <p className="text-sm italic text-stone-600">{a.notes}</p>}
        <RemindersSent appointment={a} timeZone={timeZone} />
      </div>
      <div className="flex items-center gap-2">
        <AppointmentStatusBadge status={a.status} />
        <AppointmentStatusSelect
          appointment={a}
          label={`Status of ${service} at ${time}${showDate ? ` on ${dayLabelOf(dateKeyOf(a.dateTime, timeZone))}` : ''} with ${a.customer.firstName} ${a.customer.lastName}`}
        />
      </div>
    </li>
  );
}

/** The calendar's list of a date or of the coming days: a class once, with its attendees. */
export function AppointmentList({
  items,
  timeZone,
  empty,
  showDate,
  label,
}: {
  items: CalendarAppointment[];
  timeZone: string;
  empty: string;
  showDate?: boolean;
  label: string;
}) {
  if (items.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">{empty}</p>
    );
  return (
    // A long day scrolls inside its card; the list is focusable so keyboards can scroll it too.
    <ul className="flex max-h-[40rem] flex-col gap-2 overflow-y-auto" tabIndex={0} aria-label={label}>
      {groupSessions(items).map((entry) =>
        entry.kind === 'one' ? (
          <AppointmentRow
            key={entry.appointment.id}
            appointment={entry.appointment}
            timeZone={timeZone}
            showDate={showDate}
          />
        ) : (
          <ClassSessionRow key={entry.sessionId} seats={entry.seats} timeZone={timeZone} showDate={showDate} />
        ),
      )}
    </ul>
  );
}
