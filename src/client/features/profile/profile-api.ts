import { trpc } from '../../lib/trpc';

/** The profile's data: the person's own appointments, and changing one of them. */

/** The caller's own bookings (staff too: the profile is about the person, not the business). */
export function useMyAppointments() {
  return trpc.appointments.list.useQuery({ scope: 'mine' });
}

export function useRescheduleSlots(
  query: { serviceId: string | null; date: string; employeeId: string },
  enabled: boolean,
) {
  return trpc.appointments.slots.useQuery(
    { serviceId: query.serviceId ?? '', date: query.date, employeeId: query.employeeId },
    { enabled: enabled && !!query.serviceId && !!query.date, staleTime: 0 },
  );
}

export function useCancelAppointment() {
  const utils = trpc.useUtils();
  // A prepaid appointment cancelled within the notice gives its package session back.
  return trpc.appointments.cancel.useMutation({
    onSettled: () => Promise.all([utils.appointments.invalidate(), utils.packages.credits.invalidate()]),
  });
}

export function useRescheduleAppointment() {
  const utils = trpc.useUtils();
  return trpc.appointments.reschedule.useMutation({ onSettled: () => utils.appointments.invalidate() });
}
