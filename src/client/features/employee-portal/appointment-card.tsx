import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Card, CardContent } from '../../components/ui/card';
import { shownEmail, useCustomerName } from '../../entities/customers/customer-name';
import { AppointmentStatusBadge } from '../../entities/appointments/appointment-status-badge';
import { RemindersSent } from '../../entities/appointments/reminders-sent';
import { dateTimeOf } from '../../lib/zoned-time';
import type { PortalAppointment } from './employee-portal-api';
import { AnswerList } from '../../entities/appointments/answer-list';
import { LocalTime } from '../../entities/locations/location-choices';

/** One appointment as the portal shows it: service, when, who, notes, reminders sent, status, and any actions. */
export function AppointmentCard({
  appointment: a,
  timeZone,
  actions,
}: {
  appointment: PortalAppointment;
  timeZone: string;
  actions?: ReactNode;
}) {
  const intl = useIntl();
  const customerName = useCustomerName()(a.customer);
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-5 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-stone-900">
              {a.service?.name ?? intl.formatMessage({ id: 'employeePortal.service' })}
            </h3>
            <AppointmentStatusBadge status={a.status} />
          </div>
          <p className="text-sm text-stone-700">{dateTimeOf(a.dateTime, timeZone)}</p>
          <LocalTime appointment={a} timeZone={timeZone} />
          <p className="text-sm text-stone-700">{customerName}</p>
          {shownEmail(a.customer) && (
            <a
              href={`mailto:${a.customer.email}`}
              className="truncate text-sm text-brand-700 underline-offset-2 hover:underline"
            >
              {a.customer.email}
            </a>
          )}
          {a.notes && <p className="text-sm italic text-stone-600">{a.notes}</p>}
          <AnswerList answers={a.answers} />
          <RemindersSent appointment={a} timeZone={timeZone} />
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </CardContent>
    </Card>
  );
}
