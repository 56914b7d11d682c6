import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
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
export function useSlots(query: { serviceId?: string; date?: string; employeeId?: string; locationId?: string }) {
  const enabled = !!query.serviceId && !!query.date;
  return trpc.appointments.slots.useQuery(
    {
      serviceId: query.serviceId ?? '',
      date: query.date ?? '',
      ...(query.employeeId && { employeeId: query.employeeId }),
      ...(query.locationId && { locationId: query.locationId }),
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

const LOCATION_KEY = 'booking.locationId';

function remembered(): string {
  try {
    return localStorage.getItem(LOCATION_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * Where the customer books: the open locations, the one chosen (named by the link, else remembered in this browser,
 * else the first), and whether to ask at all (only when there is more than one: a one-location business sees no
 * question). A service the link names (Quick Book's) moves the choice to a location that offers it when the one
 * chosen does not.
 */
export function useBookingLocation(linked?: { locationIds: string[] }) {
  const query = trpc.locations.list.useQuery();
  // A link that names the location (a waitlist notice's) comes before the one remembered.
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState(() => ({ id: params.get('location') || remembered(), byHand: false }));
  const locations = (query.data ?? []).filter((l) => l.isActive);
  // Until the customer chooses on this page: a location that offers the linked service.
  const offersLinked = (l: { id: string }) => chosen.byHand || !linked || linked.locationIds.includes(l.id);
  const location =
    locations.find((l) => l.id === chosen.id && offersLinked(l)) ??
    locations.find(offersLinked) ??
    locations.find((l) => l.id === chosen.id) ??
    locations[0];
  const choose = (id: string) => {
    setChosen({ id, byHand: true });
    try {
      localStorage.setItem(LOCATION_KEY, id);
    } catch {
      // Not remembered (storage refused): the choice still holds on this page.
    }
  };
  return { locations, location, choose, asks: locations.length > 1, isLoading: query.isLoading };
}

/** The services offered at the chosen location (all of them when the business has one). */
export function offeredAt<T extends { locationIds: string[] }>(services: T[], location: { id: string } | undefined) {
  return location ? services.filter((s) => s.locationIds.includes(location.id)) : services;
}

/**
 * Whether a refused booking keeps the chosen time: when the refusal names what else was asked or written (an intake
 * answer, the notes) and not the time, the customer corrects that and books the same time. Any other refusal (the
 * time taken or passed meanwhile) has her choose again.
 */
export function keepsChosenTime(error: { data?: { issues?: { path: string }[] } | null }) {
  const issues = error.data?.issues ?? [];
  return issues.length > 0 && !issues.some((issue) => issue.path.startsWith('dateTime'));
}
