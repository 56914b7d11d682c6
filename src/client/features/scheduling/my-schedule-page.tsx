import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { WeekSchedule } from '../../components/ui/week-schedule';
import { buildWeek } from '../../lib/week-days';
import { addDaysToKey, dayLabelOf, todayIn, weekOf } from '../../lib/zoned-time';
import { useMyAppointments, useMyWeekly, useOverrides, useSignedInUser, useTimeZone } from './scheduling-api';

/** /my-schedule: the signed-in staff member's week, their appointments over their working hours. */
export function MySchedulePage() {
  const user = useSignedInUser();
  const timeZone = useTimeZone();
  const today = todayIn(timeZone);
  const [anchor, setAnchor] = useState(today);
  const week = weekOf(anchor);
  const weekly = useMyWeekly();
  const overrides = useOverrides(user?.id, week[0]!, week[6]);
  const appointments = useMyAppointments();
  const loading = weekly.isLoading || appointments.isLoading || overrides.isLoading;
  const days = buildWeek(anchor, timeZone, {
    weekly: weekly.data ?? [],
    overrides: overrides.data ?? [],
    appointments: (appointments.data ?? []).filter((a) => a.status !== 'cancelled'),
  });
  const hasHours = (weekly.data ?? []).length > 0;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">My Schedule</h1>
          <p className="text-stone-600">
            Week of {dayLabelOf(week[0]!, 'MMM d')} - {dayLabelOf(week[6]!, 'MMM d, yyyy')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setAnchor(addDaysToKey(anchor, -7))}>
            ← Previous week
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAnchor(today)} disabled={week.includes(today)}>
            This week
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAnchor(addDaysToKey(anchor, 7))}>
            Next week →
          </Button>
        </div>
      </div>
      {!loading && !hasHours && (
        <p className="rounded-xl border border-dashed border-stone-300 p-4 text-sm text-stone-600">
          You have no weekly hours yet. Set them in{' '}
          <Link to="/employee/availability" className="font-medium text-brand-700 underline">
            My Availability
          </Link>
          .
        </p>
      )}
      {loading ? <Spinner /> : <WeekSchedule days={days} />}
    </div>
  );
}
