import { trpc, type RouterOutputs } from '../../lib/trpc';
import { goToPaymentPage } from '../../lib/payment-page';
import { useSettingsQuery } from '../../lib/session';

/** Booking hooks: services, who performs them, free start times, and the booking itself. */

export type BookableService = RouterOutputs['services']['list'][number];
export type Provider = RouterOutputs['appointments']['providers'][number];
export type Slot = RouterOutputs['appointments']['slots'][number];

export function useBookableServices() {
  return trpc.services.list.useQuery(undefined, { select: (list) => list.filter((s) => s.isActive) });
}

export function useBookingSettings() {
  return useSettingsQuery();
}

export function useProviders(serviceId: string | undefined) {
  return trpc.appointments.providers.useQuery({ serviceId: serviceId ?? '' }, { enabled: !!serviceId });
}

/** Free start times of a date; refetched whenever the page comes back to them (a booking may have taken one). */
export function useSlots(query: { serviceId?: string; date?: string; employeeId?: string }) {
  const enabled = !!query.serviceId && !!query.date;
  return trpc.appointments.slots.useQuery(
    {
      serviceId: query.serviceId ?? '',
      date: query.date ?? '',
      ...(query.employeeId && { employeeId: query.employeeId }),
    },
    { enabled, staleTime: 0 },
  );
}

export function useBookAppointment() {
  const utils = trpc.useUtils();
  return trpc.appointments.book.useMutation({
    onSettled: () =>
      Promise.all([
        utils.appointments.slots.invalidate(),
        utils.appointments.list.invalidate(),
        // A booking paid with a package session spends one.
        utils.packages.credits.invalidate(),
      ]),
  });
}

/** A booking with a deposit to pay by card goes on to the card provider's page; answers whether it went. */
export function payDepositIfDue(booking: { paymentUrl?: string }): boolean {
  if (!booking.paymentUrl) return false;
  goToPaymentPage(booking.paymentUrl);
  return true;
}
