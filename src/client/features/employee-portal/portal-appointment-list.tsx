import type { ReactNode } from 'react';
import { groupSessions } from '../../entities/appointments/class-sessions';
import { AppointmentCard } from './appointment-card';
import { ClassSessionCard } from './class-session-card';
import type { PortalAppointment } from './employee-portal-api';

/** The portal's appointment cards, a class once with its attendees; `actions` are offered per appointment or seat. */
export function PortalAppointmentList({
  appointments,
  timeZone,
  actions,
  className = 'flex flex-col gap-3',
  label,
}: {
  appointments: PortalAppointment[];
  timeZone: string;
  actions?: (appointment: PortalAppointment) => ReactNode;
  className?: string;
  label?: string;
}) {
  return (
    <ul className={className} {...(label && { tabIndex: 0, 'aria-label': label })}>
      {groupSessions(appointments).map((entry) =>
        entry.kind === 'one' ? (
          <li key={entry.appointment.id}>
            <AppointmentCard
              appointment={entry.appointment}
              timeZone={timeZone}
              actions={actions?.(entry.appointment)}
            />
          </li>
        ) : (
          <li key={entry.sessionId}>
            <ClassSessionCard seats={entry.seats} timeZone={timeZone} actions={actions} />
          </li>
        ),
      )}
    </ul>
  );
}
