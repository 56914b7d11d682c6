import { trpc } from '../../lib/trpc';

/** The signed-in staff member's own week: weekly hours, date overrides of the shown week, appointments, and
 * the busy times of their own calendars (no titles). */
export function useMyWeekData(employeeId: string | undefined, from: string, to: string) {
  const weekly = trpc.availability.mine.useQuery();
  const overrides = trpc.availability.overrides.useQuery({ employeeId, from, to }, { enabled: !!employeeId });
  const appointments = trpc.employeePortal.appointments.useQuery();
  const busy = trpc.calendars.myBusy.useQuery({ from, to });
  return {
    isLoading: weekly.isLoading || overrides.isLoading || appointments.isLoading,
    weekly: weekly.data ?? [],
    overrides: overrides.data ?? [],
    appointments: (appointments.data ?? []).filter((a) => a.status !== 'cancelled'),
    busy: busy.data ?? [],
  };
}
