import { Select } from '../../components/ui/select';
import { appointmentStatusLabel, appointmentStatuses } from '../../../shared/appointment-schema';
import { useCalendarStatus, type CalendarAppointment } from './scheduling-api';

const statusOptions = appointmentStatuses.map((s) => ({ value: s, label: appointmentStatusLabel(s) }));

/** The calendar's status selector of one appointment (or one seat of a class); `label` names it for screen readers. */
export function AppointmentStatusSelect({ appointment, label }: { appointment: CalendarAppointment; label: string }) {
  const setStatus = useCalendarStatus();
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
