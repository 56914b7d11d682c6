import { useIntl } from 'react-intl';
import { Spinner } from '../../components/ui/spinner';
import { dayNames, minutesOf, weekOrder } from '../../../shared/availability-schema';
import { useEmployee, useMyWeeklyHours } from './employee-portal-api';
import { DateOverrides } from './date-overrides-card';
import { QuickActions, Statistics } from './weekly-hours-summary';
import { DayCard } from './weekly-hours-day-card';

/** /employee/availability: the person's own week, day by day, plus dates that differ from it. */
export function EmployeeAvailabilityPage() {
  const intl = useIntl();
  const { data: user } = useEmployee();
  const week = useMyWeeklyHours();
  const list = [...(week.data ?? [])].sort((a, b) => minutesOf(a.startTime) - minutesOf(b.startTime));
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">
          {intl.formatMessage({ id: 'employeePortal.availabilityTitle' })}
        </h1>
        <p className="text-stone-600">{intl.formatMessage({ id: 'employeePortal.availabilityIntro' })}</p>
      </div>
      {week.isLoading || !user ? (
        <Spinner />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <div className="grid gap-3 sm:grid-cols-2">
            {weekOrder.map((day) => (
              <DayCard key={day} dayNumber={day} hours={list.filter((s) => s.dayOfWeek === dayNames[day])} />
            ))}
          </div>
          <div className="flex flex-col gap-3">
            <QuickActions hours={list} />
            <Statistics hours={list} />
            <DateOverrides employeeId={user.id} />
          </div>
        </div>
      )}
    </div>
  );
}
