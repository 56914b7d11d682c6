import { useState, type ReactNode } from 'react';
import { buildWeek } from '../../lib/week-days';
import { addDaysToKey, dayLabelOf, todayIn, weekOf } from '../../lib/zoned-time';
import { Button } from './button';
import { Spinner } from './spinner';
import { WeekSchedule } from './week-schedule';

type WeekData = Parameters<typeof buildWeek>[2];

/**
 * A staff member's week at a glance: their appointments over their working hours, a week at a time. The
 * portal's /employee/schedule and the admin area's /my-schedule show the same thing with their own data hooks;
 * the page says which week it shows (`useWeekAnchor`) and passes that week's rows.
 */
export function MyWeek({
  anchor,
  timeZone,
  loading,
  data,
  actions,
  notice,
}: {
  anchor: ReturnType<typeof useWeekAnchor>;
  timeZone: string;
  loading: boolean;
  data: WeekData;
  actions?: ReactNode;
  notice?: ReactNode;
}) {
  const { week, today, setAnchor } = anchor;
  const days = buildWeek(anchor.anchor, timeZone, {
    ...data,
    appointments: data.appointments.filter((a) => a.status !== 'cancelled'),
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
          <Button size="sm" variant="outline" onClick={() => setAnchor(addDaysToKey(anchor.anchor, -7))}>
            ← Previous week
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAnchor(today)} disabled={week.includes(today)}>
            This week
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAnchor(addDaysToKey(anchor.anchor, 7))}>
            Next week →
          </Button>
          {actions}
        </div>
      </div>
      {!loading && notice}
      {loading ? <Spinner /> : <WeekSchedule days={days} />}
    </div>
  );
}

/** Which week a MyWeek shows: this week at first, then wherever the person steps. */
export function useWeekAnchor(timeZone: string) {
  const today = todayIn(timeZone);
  const [anchor, setAnchor] = useState(today);
  return { anchor, setAnchor, today, week: weekOf(anchor) };
}
