import { useIntl } from 'react-intl';
import { Select } from '../../components/ui/select';
import { appointmentStatuses } from '../../../shared/appointment-schema';
import { useCalendarStatus, type CalendarAppointment } from './scheduling-api';

/** The calendar's status selector of one appointment (or one seat of a class); `label` names it for screen readers. */
export function AppointmentStatusSelect({ appointment, label }: { appointment: CalendarAppointment; label: string }) {
  const intl = useIntl();
  const setStatus = useCalendarStatus();
  const statusOptions = appointmentStatuses.map((status) => ({
    value: status,
    label: intl.formatMessage({ id: 'entities.appointmentStatus' }, { status }),
  }));
  return (
    <Select
      className="w-36"
      aria-label={label}
      value={appointment.status}
      disabled={setStatus.isPending}
      onValueChange={(status) =>
        setStatus.mutate({ id: appointment.id, status: status as CalendarAppointment['status'] })
      }
      options={statusOptions}
    />
  );
}
