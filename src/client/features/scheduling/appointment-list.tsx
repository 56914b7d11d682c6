import { useIntl } from 'react-intl';
import { shownEmail, useCustomerName } from '../../entities/customers/customer-name';
import { groupSessions } from '../../entities/appointments/class-sessions';
import { AppointmentStatusBadge } from '../../entities/appointments/appointment-status-badge';
import { RemindersSent } from '../../entities/appointments/reminders-sent';
import { dateKeyOf, dayLabelOf, timeOf } from '../../lib/zoned-time';
import { AppointmentStatusSelect } from './appointment-status-select';
import { ClassSessionRow } from './class-session-row';
import { DepositRefund } from './deposit-refund';
import type { CalendarAppointment } from './scheduling-api';
import { AnswerList } from '../../entities/appointments/answer-list';
import { LocalTime } from '../../entities/locations/location-choices';

function AppointmentRow({
  appointment: a,
  timeZone,
  showDate,
}: {
  appointment: CalendarAppointment;
  timeZone: string;
  showDate?: boolean;
}) {
  const intl = useIntl();
  const service = a.service?.name ?? intl.formatMessage({ id: 'entities.service' });
  const time = timeOf(a.dateTime, timeZone);
  const day = showDate ? dayLabelOf(dateKeyOf(a.dateTime, timeZone)) : undefined;
  const customer = useCustomerName()(a.customer);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm @lg:flex-row @lg:items-center @lg:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-stone-900">
          {day && `${day} · `}
          {time} · {service}
        </p>
        <LocalTime appointment={a} timeZone={timeZone} />
        <p className="break-words text-sm text-stone-700">
          {customer}
          {shownEmail(a.customer) && <span className="text-stone-600"> · {a.customer.email}</span>}
        </p>
        <p className="text-sm text-stone-600">
          {intl.formatMessage(
            { id: 'scheduling.withDuration' },
            { employee: `${a.employee.firstName} ${a.employee.lastName}`, minutes: a.duration },
          )}
        </p>
        {a.notes && <p className="text-sm italic text-stone-600">{a.notes}</p>}
        <AnswerList answers={a.answers} />
        <RemindersSent appointment={a} timeZone={timeZone} />
        <DepositRefund appointment={a} />
      </div>
      <div className="flex items-center gap-2">
        <AppointmentStatusBadge status={a.status} />
        <AppointmentStatusSelect
          appointment={a}
          label={
            day
              ? intl.formatMessage({ id: 'scheduling.statusOfOnDay' }, { service, time, day, customer })
              : intl.formatMessage({ id: 'scheduling.statusOf' }, { service, time, customer })
          }
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
    // A long day scrolls inside its card; the list is focusable so keyboards can scroll it too. A row puts its status
    // beside its text only when the card is wide enough (a container query): the calendar's cards sit side by side.
    <ul className="@container flex max-h-[40rem] flex-col gap-2 overflow-y-auto" tabIndex={0} aria-label={label}>
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
