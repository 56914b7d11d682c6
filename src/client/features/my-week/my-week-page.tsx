import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { buildWeek } from '../../entities/schedule/week-days';
import { WeekSchedule } from '../../entities/schedule/week-schedule';
import { useCurrentUser, useTimeZone } from '../../lib/session';
import { dayLabelOf, todayIn } from '../../lib/zoned-time';
import { addCalendarDays, weekOf } from '../../../shared/date-key';
import { useMyWeekData } from './my-week-api';

/**
 * "My Schedule", one page for both portals (the employee portal's /employee/schedule and the admin shell's
 * /my-schedule): the signed-in staff member's appointments over their weekly hours, a week at a time.
 */
export function MyWeekPage() {
  const intl = useIntl();
  const { user } = useCurrentUser();
  const timeZone = useTimeZone();
  const today = todayIn(timeZone);
  const [anchor, setAnchor] = useState(today);
  const week = weekOf(anchor);
  const data = useMyWeekData(user?.id, week[0]!, week[6]!);
  const days = buildWeek(anchor, timeZone, data, intl);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id="myWeek.title" />
          </h1>
          <p className="text-stone-600">
            <FormattedMessage
              id="myWeek.weekOf"
              values={{ first: dayLabelOf(week[0]!, 'monthDay'), last: dayLabelOf(week[6]!, 'monthDayYear') }}
            />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setAnchor(addCalendarDays(anchor, -7))}>
            <FormattedMessage id="myWeek.previous" />
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAnchor(today)} disabled={week.includes(today)}>
            <FormattedMessage id="myWeek.thisWeek" />
          </Button>
          <Button size="sm" variant="outline" onClick={() => setAnchor(addCalendarDays(anchor, 7))}>
            <FormattedMessage id="myWeek.next" />
          </Button>
          <ButtonLink size="sm" variant="secondary" to="/employee/availability">
            <FormattedMessage id="myWeek.manageAvailability" />
          </ButtonLink>
        </div>
      </div>
      {!data.isLoading && data.weekly.length === 0 && (
        <p className="rounded-xl border border-dashed border-stone-300 p-4 text-sm text-stone-600">
          <FormattedMessage
            id="myWeek.noHours"
            values={{
              link: (text) => (
                <Link to="/employee/availability" className="font-medium text-brand-700 underline">
                  {text}
                </Link>
              ),
            }}
          />
        </p>
      )}
      {data.isLoading ? <Spinner /> : <WeekSchedule days={days} />}
    </div>
  );
}
