import { z } from 'zod';
import { issueMessage } from './i18n/sentence';
import { zDateInput } from './wire-formats';

/** Waiting for a time to open on a fully booked day: a service, a date, and optionally one employee. */
export const ZJoinWaitlistInput = z.object({
  serviceId: z.string({ error: 'Please select a service.' }).trim().min(1, 'Please select a service.').max(100),
  date: zDateInput(issueMessage('{field} must be a date such as 2026-05-01', { field: 'date' })),
  employeeId: z.string().trim().max(100).nullish(),
  /** Where the customer would book (absent: the service's first location). */
  locationId: z.string().trim().max(100).nullish(),
});
export type JoinWaitlistInput = z.infer<typeof ZJoinWaitlistInput>;

export const ZWaitlistEntry = z.object({
  id: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  employeeId: z.string().nullable(),
  /** "First Last" of the employee waited for; null when anyone will do. */
  employeeName: z.string().nullable(),
  /** Where the customer would book: the notice looks at this location's times. */
  locationId: z.string(),
  date: z.string(),
  createdAt: z.string(),
});
z.globalRegistry.add(ZWaitlistEntry, { id: 'WaitlistEntry' });
export type WaitlistEntry = z.infer<typeof ZWaitlistEntry>;

export const ZWaitlistIdInput = z.object({ id: z.string().max(100) });

export const WAITLIST_DUPLICATE_MESSAGE = 'You are already on the waitlist for this service on that day.';

/**
 * Where a waiting customer books the day (the mail's link, the profile's button): the booking page with the
 * service and date chosen, the guided one with the employee when they wait for one. Signed out, the page sends
 * them to sign in and back.
 */
export function waitlistBookingPath(entry: {
  serviceId: string;
  employeeId: string | null;
  locationId: string;
  date: string;
}) {
  const query = new URLSearchParams({ service: entry.serviceId, location: entry.locationId, date: entry.date });
  if (!entry.employeeId) return `/booking?${query}`;
  query.set('employee', entry.employeeId);
  return `/employee-booking?${query}`;
}
