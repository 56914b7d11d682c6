import { useState } from 'react';
import { Button, ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { WeekSchedule } from '../../components/ui/week-schedule';
import { buildWeek } from '../../lib/week-days';
import { addDaysToKey, dayLabelOf, todayIn, weekOf } from '../../lib/zoned-time';
import { useMyAppointments, useMyOverrides, useMyWeekly, useTimeZone } from './employee-portal-api';
import { useEmployee } from './require-employee';

/** /employee/schedule: the person's week, their appointments laid over their working hours. */
export function EmployeeSchedulePage() {
  const { data: user } = useEmployee();
  const timeZone = useTimeZone();
  const today = todayIn(timeZone);
  const [anchor, setAnchor] = useState(today);
  const week = weekOf(anchor);
  const weekly = useMyWeekly();
  const overrides = useMyOverrides(user?.id, week[0]!);
  const appointments = useMyAppointments();
  const loading = weekly.isLoading || appointments.isLoading || overrides.isLoading;
  const days = buildWeek(anchor, timeZone, {
    weekly: weekly.data ?? [],
    overrides: overrides.data ?? [],
    appointments: (appointments.data ?? []).filter((a) => a.status !== 'cancelled'),
  });

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
          <ButtonLink size="sm" variant="secondary" to="/employee/availability">
            Manage Availability
          </ButtonLink>
        </div>
      </div>
      {loading ? <Spinner /> : <WeekSchedule days={days} />}
    </div>
  );
}
