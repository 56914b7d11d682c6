import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { weekOrder } from '../../../shared/availability-schema';
import { isAdmin } from '../../../shared/roles';
import { buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useCurrentUser } from '../../lib/session';
import { errorMessage } from '../../lib/trpc';
import { dayLabelOf } from '../../lib/zoned-time';
import { addCalendarDays } from '../../../shared/date-key';
import { useWeeklyHoursOf, type StaffMember } from './staff-api';
import { StaffCalendars } from './staff-calendars';

/** A Sunday: day `n` of the week (0 Sunday … 6 Saturday) is `n` days after it. */
const A_SUNDAY = '2026-01-04';

/**
 * A staff member's weekly hours and connected calendars, read only; admins get a link to the screen that edits the
 * hours.
 */
export function ScheduleDialog({ person, onClose }: { person: StaffMember; onClose: () => void }) {
  const intl = useIntl();
  const week = useWeeklyHoursOf(person.id);
  const { user: me } = useCurrentUser();
  const name = `${person.firstName} ${person.lastName}`.trim() || person.email;
  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage({ id: 'staff.scheduleFor' }, { name })}
      description={intl.formatMessage({ id: 'staff.weeklyAvailability' })}
    >
      {week.isLoading ? (
        <Spinner label={intl.formatMessage({ id: 'staff.loadingSchedule' })} />
      ) : week.isError ? (
        <p className="text-red-700">{errorMessage(week.error)}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col divide-y divide-stone-100 rounded-lg border border-stone-200">
            {weekOrder.map((day) => {
              const today = week.data!.filter((h) => h.dayOfWeek === day && h.isAvailable);
              return (
                <li key={day} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  {/* Spanish names the day in lower case ("lunes"); as a row's label it starts upper case. */}
                  <span className="font-medium capitalize text-stone-900">
                    {dayLabelOf(addCalendarDays(A_SUNDAY, day), 'weekday')}
                  </span>
                  <span className={today.length ? 'text-stone-800' : 'text-stone-600'}>
                    {today.length
                      ? today.map((h) => `${h.startTime} - ${h.endTime}`).join(', ')
                      : intl.formatMessage({ id: 'staff.notAvailable' })}
                  </span>
                </li>
              );
            })}
          </ul>
          <StaffCalendars userId={person.id} />
          {isAdmin(me) && (
            <Link to="/admin/employee-schedules" className={buttonClass('outline', 'md', 'self-end')}>
              <FormattedMessage id="staff.editInAllSchedules" />
            </Link>
          )}
        </div>
      )}
    </Dialog>
  );
}
