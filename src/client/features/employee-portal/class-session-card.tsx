import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Card, CardContent } from '../../components/ui/card';
import { shownEmail, useCustomerName } from '../../entities/customers/customer-name';
import { AppointmentStatusBadge } from '../../entities/appointments/appointment-status-badge';
import { dateTimeOf } from '../../lib/zoned-time';
import type { PortalAppointment } from './employee-portal-api';
import { classLabel } from '../../entities/appointments/class-sessions';

/** A class session as the portal shows it: once, with each attendee's status and actions (cancelling frees a seat). */
export function ClassSessionCard({
  seats,
  timeZone,
  actions,
}: {
  seats: PortalAppointment[];
  timeZone: string;
  actions?: (seat: PortalAppointment) => ReactNode;
}) {
  const intl = useIntl();
  const customerName = useCustomerName();
  const first = seats[0]!;
  const service = first.service?.name ?? intl.formatMessage({ id: 'employeePortal.service' });
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-5">
        <div className="flex flex-col gap-1">
          <h3 className="font-semibold text-stone-900">{service}</h3>
          <p className="text-sm text-stone-700">{dateTimeOf(first.dateTime, timeZone)}</p>
          <p className="text-sm text-stone-600">{classLabel(intl, seats)}</p>
        </div>
        <ul
          className="flex flex-col divide-y divide-stone-100"
          aria-label={intl.formatMessage({ id: 'employeePortal.attendeesOf' }, { service })}
        >
          {seats.map((a) => (
            <li key={a.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
                <span className="text-stone-800">{customerName(a.customer)}</span>
                <AppointmentStatusBadge status={a.status} />
                {shownEmail(a.customer) && (
                  <a
                    href={`mailto:${a.customer.email}`}
                    className="w-full break-all text-brand-700 underline-offset-2 hover:underline"
                  >
                    {a.customer.email}
                  </a>
                )}
                {a.notes && <span className="w-full italic text-stone-600">{a.notes}</span>}
              </div>
              {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions(a)}</div>}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
