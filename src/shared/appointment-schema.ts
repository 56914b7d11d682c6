import { pageQueryFields } from './page-schema';
import { z } from 'zod';
import { ZAppointmentLocation } from './location-schema';
import { ZEmployee } from './catalog-schema';
import { catalogLimits } from './catalog';
import { isInstant, zDateInput, zInstant } from './wire-formats';
import { appointmentPaymentStatuses, appointmentStatuses } from '../../db/statuses';
import { issueMessage, sentence } from './i18n/sentence';

/** Appointment and booking schemas: the server validates with them, the booking screens use the same rules. */

// Every appointment status: the database enum's list (db/statuses.ts), declared once.
export { appointmentStatuses };
export type AppointmentStatus = (typeof appointmentStatuses)[number];
export const ZAppointmentStatus = z.enum(appointmentStatuses, {
  error: issueMessage('Status must be one of: {statuses}', { statuses: appointmentStatuses.join(', ') }),
});

/** Statuses that hold the employee's time (and get reminders). */
export const liveStatuses = ['pending', 'confirmed'] as const satisfies readonly AppointmentStatus[];

/** A no-show is recorded from a live status once the start has passed; before that the answer is 409 with this. */
export const NO_SHOW_TOO_EARLY_MESSAGE = 'An appointment can be marked as a no-show only after its start time.';

/** Whether "Mark No-show" applies: a live appointment whose start has passed. */
export function canMarkNoShow(appointment: { status: AppointmentStatus; dateTime: string }, now: Date): boolean {
  return (
    (liveStatuses as readonly AppointmentStatus[]).includes(appointment.status) &&
    Date.parse(appointment.dateTime) <= now.getTime()
  );
}

export const SLOT_TAKEN_MESSAGE = 'That time is no longer available. Please choose another time.';
/** The 409s of a class (a service with capacity above 1). */
export const CLASS_FULL_MESSAGE = 'This class is full.';
export const SEAT_TAKEN_MESSAGE = 'You already have a seat in this class.';

/** A series repeats a booking at the same wall-clock time of the business zone, every week or every two weeks. */
export const repeatFrequencies = ['weekly', 'biweekly'] as const;
export type RepeatFrequency = (typeof repeatFrequencies)[number];
export const repeatStepDays: Record<RepeatFrequency, number> = { weekly: 7, biweekly: 14 };
/** How many occurrences a series may have, the first included. */
export const SERIES_MIN = 2;
export const SERIES_MAX = 12;
const SERIES_COUNT_MESSAGE = issueMessage('count must be between {min} and {max}', {
  min: String(SERIES_MIN),
  max: String(SERIES_MAX),
});
/** The 409 of a series when some occurrences are not free: their dates (`YYYY-MM-DD` in the business zone). */
export const seriesUnavailableMessage = (dates: readonly string[]) =>
  sentence('Not available on {dates}.', { dates: dates.join(', ') });
const NOTES_MAX = 2000;
const NOTES_MESSAGE = issueMessage('Notes must be at most {max} characters', { max: String(NOTES_MAX) });

const ZDate = (field: string) => zDateInput(issueMessage('{field} must be a date such as 2026-05-01', { field }));

/** An instant as ISO 8601 text (with Z or an offset), as the booking pages send it. */
const ZDateTimeInput = z
  .string({ error: 'Please select an appointment time.' })
  .trim()
  .min(1, 'Please select an appointment time.')
  .refine(isInstant, 'The appointment time must be a date and time such as 2026-05-01T14:00:00.000Z')
  .meta({ format: 'date-time' });

const ZId = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, message);
const ZNotes = z.string({ error: 'Notes must be text' }).max(NOTES_MAX, NOTES_MESSAGE).nullish();

export const ZSlotsQuery = z.object({
  serviceId: ZId('Please select a service.'),
  date: ZDate('date'),
  employeeId: z.string().trim().max(200).optional(),
  /** Where (optional when the service is offered at one location: its first location is meant). */
  locationId: z.string().trim().max(200).optional(),
});

export const ZSlot = z.object({
  time: z.string(),
  dateTime: zInstant(),
  employeeIds: z.array(z.string()),
  /** Customers who can still book this start: the class's free seats, 1 for an ordinary service. */
  seatsLeft: z.number().int(),
  /** The location the slot is at (its time is in that location's time zone). */
  locationId: z.string(),
});
z.globalRegistry.add(ZSlot, { id: 'Slot', description: 'A start time that can be booked' });

/**
 * Both booking payloads: the simple page (serviceId, dateTime, duration, employeeId, notes) and the guided page
 * (customerId, serviceId, employeeId, dateTime, duration, customerNotes, status). The duration is the
 * service's whatever is sent; a customer's booking is always their own and starts pending.
 */
export const ZBookAppointmentInput = z.object({
  serviceId: ZId('Please select a service to book.'),
  dateTime: ZDateTimeInput,
  employeeId: z.string().trim().max(200).nullish(),
  customerId: z.string().trim().max(200).nullish(),
  /** Where (optional when the service is offered at one location: its first location is meant). */
  locationId: z.string().trim().max(200).nullish(),
  duration: z.union([z.number(), z.string()]).nullish(),
  notes: ZNotes,
  customerNotes: ZNotes,
  status: ZAppointmentStatus.nullish(),
  /** The intake answers by question id: text or a choice's option as a string, a checkbox as true or false. */
  answers: z
    .record(
      z.string().max(100, 'A question id must be at most 100 characters'),
      z.union([z.string().max(catalogLimits.answerMax, 'An answer must be at most 1000 characters'), z.boolean()], {
        error: 'An answer must be text, or true or false',
      }),
      { error: 'answers must be an object of answers by question id' },
    )
    .nullish(),
  /** Books the same time again on later dates, all occurrences or none; the answer is the first occurrence. */
  repeat: z
    .object({
      frequency: z.enum(repeatFrequencies, {
        error: issueMessage('frequency must be one of: {options}', { options: repeatFrequencies.join(', ') }),
      }),
      count: z
        .number({ error: 'count must be a whole number' })
        .int('count must be a whole number')
        .min(SERIES_MIN, SERIES_COUNT_MESSAGE)
        .max(SERIES_MAX, SERIES_COUNT_MESSAGE),
    })
    .nullish(),
  /** Pays with one session (per occurrence) of the customer's package credit: the appointment is prepaid. */
  creditId: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .describe("One of the customer's package credits that covers the service: the booking uses a session of it"),
});
export type BookAppointmentInput = z.infer<typeof ZBookAppointmentInput>;

export const ZAppointmentListQuery = z.object({
  from: ZDate('from').optional(),
  to: ZDate('to').optional(),
  employeeId: z.string().trim().max(200).optional(),
  status: ZAppointmentStatus.optional(),
  /** `mine`: only the caller's own bookings, even for staff who may see everyone's (the profile page). */
  scope: z.enum(['mine', 'all'], { error: 'scope must be mine or all' }).optional(),
  /** The occurrences of one series. */
  seriesId: z.string().trim().max(200).optional(),
  ...pageQueryFields,
});
export type AppointmentListQuery = z.infer<typeof ZAppointmentListQuery>;

export const ZAppointmentIdInput = z.object({ id: z.string() });

/** `series`: this occurrence and the later ones of its series; `one` (the default): this appointment only. */
const cancelScopes = ['one', 'series'] as const;
export const ZCancelInput = ZAppointmentIdInput.extend({
  scope: z
    .enum(cancelScopes, {
      error: issueMessage('scope must be one of: {options}', { options: cancelScopes.join(', ') }),
    })
    .optional(),
});
export type CancelInput = z.infer<typeof ZCancelInput>;

export const ZAppointmentStatusInput = z.object({
  id: z.string(),
  status: ZAppointmentStatus,
});

export const ZRescheduleInput = z.object({
  id: z.string(),
  dateTime: ZDateTimeInput,
});

export const ZAppointmentAnswer = z
  .object({ questionId: z.string(), label: z.string(), answer: z.union([z.string(), z.boolean()]) })
  .meta({ id: 'AppointmentAnswer', description: 'An intake question as asked when booking, and its answer' });
export type AppointmentAnswer = z.infer<typeof ZAppointmentAnswer>;

const ZPersonName = { id: z.string(), firstName: z.string(), lastName: z.string() };

export const ZAppointment = z.object({
  id: z.string(),
  serviceId: z.string().nullable(),
  employeeId: z.string(),
  customerId: z.string(),
  userId: z.string(),
  /** Where it takes place. */
  locationId: z.string(),
  location: ZAppointmentLocation,
  dateTime: zInstant(),
  appointmentDate: zInstant(),
  duration: z.number().int(),
  notes: z.string(),
  customerNotes: z.string(),
  status: ZAppointmentStatus,
  createdAt: zInstant(),
  /** When it last changed (any change of the row): an ISO instant to the microsecond. */
  updatedAt: zInstant(),
  /** Shared by the occurrences of a recurring booking; null for a single one. */
  seriesId: z.string().nullable(),
  /** Shared by the seats of one class session (same employee, service and start); null for an ordinary booking. */
  sessionId: z.string().nullable(),
  /** The deposit asked when it was booked (decimal string, "0.00" for none) and where it stands. */
  amountDue: z.string(),
  paymentStatus: z.enum(appointmentPaymentStatuses),
  /** Reminder e-mails that went to the customer for the current start time. */
  remindersSent: z.array(z.object({ offsetMinutes: z.number().int(), sentAt: zInstant() })),
  /** The intake answers as the questions read when it was booked. */
  answers: z.array(ZAppointmentAnswer),
  /** Null when the service has since been deleted (screens show "Service"). */
  service: z.object({ id: z.string(), name: z.string(), duration: z.number().int(), price: z.string() }).nullable(),
  customer: z.object({ ...ZPersonName, email: z.string() }),
  employee: ZEmployee,
});
z.globalRegistry.add(ZAppointment, { id: 'Appointment', description: 'A booking of a service with an employee' });
export type Appointment = z.infer<typeof ZAppointment>;

/** A booking's answer: with a deposit to pay by card, also the card provider's page where it is paid. */
export const ZBookingResult = ZAppointment.extend({ paymentUrl: z.string().optional() });
z.globalRegistry.add(ZBookingResult, {
  id: 'BookingResult',
  description: 'The booked appointment, with where to pay its deposit by card',
});
export type BookingResult = z.infer<typeof ZBookingResult>;

export type AppointmentPaymentStatus = (typeof appointmentPaymentStatuses)[number];

export const ZProvidersQuery = z.object({ serviceId: ZId('Please select a service.') });

/** Someone who performs a service, as the guided booking page lists them. */
export const ZBookingProvider = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
});
z.globalRegistry.add(ZBookingProvider, {
  id: 'BookingProvider',
  description: 'Someone who performs a service, as the booking page lists them',
});

/** The simple booking page's form: each missing choice has the sentence its toast shows. */
export const ZSimpleBookingForm = z.object({
  serviceId: z.string().min(1, 'Please select a service to book.'),
  date: z.string().min(1, 'Please select an appointment date.'),
  dateTime: z.string().min(1, 'Please select an appointment time.'),
  notes: z.string().max(NOTES_MAX, NOTES_MESSAGE),
});
export type SimpleBookingForm = z.infer<typeof ZSimpleBookingForm>;
