import { Link } from 'react-router-dom';
import { MyWeek, useWeekAnchor } from '../../components/ui/my-week';
import { useMyAppointments, useMyWeekly, useOverrides } from './scheduling-api';
import { useCurrentUser, useTimeZone } from '../../lib/session';

/** /my-schedule: the signed-in staff member's week, their appointments over their working hours. */
export function MySchedulePage() {
  const { user } = useCurrentUser();
  const timeZone = useTimeZone();
  const anchor = useWeekAnchor(timeZone);
  const weekly = useMyWeekly();
  const overrides = useOverrides(user?.id, anchor.week[0]!, anchor.week[6]);
  const appointments = useMyAppointments();
  return (
    <MyWeek
      anchor={anchor}
      timeZone={timeZone}
      loading={weekly.isLoading || appointments.isLoading || overrides.isLoading}
      data={{ weekly: weekly.data ?? [], overrides: overrides.data ?? [], appointments: appointments.data ?? [] }}
      notice={
        (weekly.data ?? []).length === 0 && (
          <p className="rounded-xl border border-dashed border-stone-300 p-4 text-sm text-stone-600">
            You have no weekly hours yet. Set them in{' '}
            <Link to="/employee/availability" className="font-medium text-brand-700 underline">
              My Availability
            </Link>
            .
          </p>
        )
      }
    />
  );
}
