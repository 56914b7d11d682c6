import { useIntl } from 'react-intl';
import { shownEmail, useCustomerName } from '../../entities/customers/customer-name';
import { classLabel } from '../../entities/appointments/class-sessions';
import { AppointmentStatusBadge } from '../../entities/appointments/appointment-status-badge';
import { dateKeyOf, dayLabelOf, timeOf } from '../../lib/zoned-time';
import { AppointmentStatusSelect } from './appointment-status-select';
import type { CalendarAppointment } from './scheduling-api';

/** A class session in the calendar: once, with its attendees, each with their own status (cancelling frees a seat). */
export function ClassSessionRow({
  seats,
  timeZone,
  showDate,
}: {
  seats: CalendarAppointment[];
  timeZone: string;
  showDate?: boolean;
}) {
  const intl = useIntl();
  const customerName = useCustomerName();
  const first = seats[0]!;
  const service = first.service?.name ?? intl.formatMessage({ id: 'entities.service' });
  const when = `${showDate ? `${dayLabelOf(dateKeyOf(first.dateTime, timeZone))} · ` : ''}${timeOf(first.dateTime, timeZone)}`;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <div>
        <p className="font-semibold text-stone-900">
          {when} · {service}
        </p>
        <p className="text-sm text-stone-600">
          {intl.formatMessage(
            { id: 'scheduling.classWithDuration' },
            {
              attendees: classLabel(intl, seats),
              employee: `${first.employee.firstName} ${first.employee.lastName}`,
              minutes: first.duration,
            },
          )}
        </p>
      </div>
      <ul
        className="flex flex-col divide-y divide-stone-100"
        aria-label={intl.formatMessage({ id: 'scheduling.attendeesOf' }, { service, when })}
      >
        {seats.map((a) => (
          <li key={a.id} className="flex flex-col gap-2 py-2 @lg:flex-row @lg:items-center @lg:justify-between">
            <div className="min-w-0 text-sm">
              <p className="break-words text-stone-800">
                {customerName(a.customer)}
                {shownEmail(a.customer) && <span className="text-stone-600"> · {a.customer.email}</span>}
              </p>
              {a.notes && <p className="italic text-stone-600">{a.notes}</p>}
            </div>
            <div className="flex items-center gap-2">
              <AppointmentStatusBadge status={a.status} />
              <AppointmentStatusSelect
                appointment={a}
                label={intl.formatMessage(
                  { id: 'scheduling.seatStatusOf' },
                  { customer: customerName(a.customer), service, when },
                )}
              />
            </div>
          </li>
        ))}
      </ul>
    </li>
  );
}
