import { ButtonLink } from '../../components/ui/button';
import { MyWeek, useWeekAnchor } from '../../components/ui/my-week';
import { useEmployee, useMyAppointments, useMyOverrides, useMyWeekly } from './employee-portal-api';
import { useTimeZone } from '../../lib/session';

/** /employee/schedule: the person's week, their appointments laid over their working hours. */
export function EmployeeSchedulePage() {
  const { data: user } = useEmployee();
  const timeZone = useTimeZone();
  const anchor = useWeekAnchor(timeZone);
  const weekly = useMyWeekly();
  const overrides = useMyOverrides(user?.id, anchor.week[0]!);
  const appointments = useMyAppointments();
  return (
    <MyWeek
      anchor={anchor}
      timeZone={timeZone}
      loading={weekly.isLoading || appointments.isLoading || overrides.isLoading}
      data={{ weekly: weekly.data ?? [], overrides: overrides.data ?? [], appointments: appointments.data ?? [] }}
      actions={
        <ButtonLink size="sm" variant="secondary" to="/employee/availability">
          Manage Availability
        </ButtonLink>
      }
    />
  );
}
