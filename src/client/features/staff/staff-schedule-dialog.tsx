import { Link } from 'react-router-dom';
import { dayLabels, weekOrder } from '../../../shared/availability-schema';
import { isAdmin } from '../../../shared/roles';
import { buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useCurrentUser } from '../../lib/session';
import { errorMessage } from '../../lib/trpc';
import { useWeeklyHoursOf, type StaffMember } from './staff-api';

/** A staff member's weekly hours, read only; admins get a link to the screen that edits them. */
export function ScheduleDialog({ person, onClose }: { person: StaffMember; onClose: () => void }) {
  const week = useWeeklyHoursOf(person.id);
  const { user: me } = useCurrentUser();
  const name = `${person.firstName} ${person.lastName}`.trim() || person.email;
  return (
    <Dialog open onClose={onClose} title={`Schedule for ${name}`} description="Weekly availability">
      {week.isLoading ? (
        <Spinner label="Loading schedule" />
      ) : week.isError ? (
        <p className="text-red-700">{errorMessage(week.error)}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <ul className="flex flex-col divide-y divide-stone-100 rounded-lg border border-stone-200">
            {weekOrder.map((day) => {
              const today = week.data!.filter((h) => h.dayOfWeek === day && h.isAvailable);
              return (
                <li key={day} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <span className="font-medium text-stone-900">{dayLabels[day]}</span>
                  <span className={today.length ? 'text-stone-800' : 'text-stone-600'}>
                    {today.length ? today.map((h) => `${h.startTime} - ${h.endTime}`).join(', ') : 'Not available'}
                  </span>
                </li>
              );
            })}
          </ul>
          {isAdmin(me) && (
            <Link to="/admin/employee-schedules" className={buttonClass('outline', 'md', 'self-end')}>
              Edit in All Schedules
            </Link>
          )}
        </div>
      )}
    </Dialog>
  );
}
