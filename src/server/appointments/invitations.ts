import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { selectStatement } from '../../../db/client';
import { locations } from '../../../db/schema/index';
import type { AppointmentChange } from '../events/domain-events';
import { defineSubscriber } from '../events/subscriber';
import { enqueueEach } from '../jobs/enqueue';
import { mailKind } from '../mail/delivery';
import { getSettings } from '../settings/settings-service';
import type { OutgoingMail } from '../mail/outgoing-mail';
import type { Locale } from '../../shared/i18n/locales';
import type { BusinessSettings } from '../../shared/settings';
import { mailLanguage, type MailLanguage } from '../mail/mail-language';
import { writeCalendar } from './icalendar';
import { appointmentsByIds, locationOf, type Row } from './appointment-rows';
import { isErasedAddress } from '../../shared/customer-record-schema';

/**
 * Calendar invitations for an appointment: one UID per appointment and a SEQUENCE raised by every change, so a
 * mail client updates (or, for a cancellation, removes) the event it already holds instead of adding another.
 */

export type InvitationKind = 'booked' | 'rescheduled' | 'cancelled';

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  /** Their chosen language; null or left out: the business default. */
  locale?: Locale | null;
}

export interface InvitationAppointment {
  id: string;
  sequence: number;
  startsAt: Date;
  duration: number;
  notes: string;
  /** Null when the service is gone: the mail says "Service" in its language. */
  serviceName: string | null;
  customer: Person;
  employee: Person;
  /** Where it takes place; said only when it has an address (a one-location business that gave none reads as before). */
  location?: { name: string; address: string } | null;
}

/** An appointment as its mails and calendar events see it, from its row (at a new sequence and start, for a move). */
export function invitationOf(row: Row, sequence = row.sequence, startsAt = row.startsAt): InvitationAppointment {
  return {
    id: row.id,
    sequence,
    startsAt,
    duration: row.duration,
    notes: row.notes,
    serviceName: row.service?.name ?? null,
    customer: row.customer,
    employee: row.employee,
    location: locationOf(row),
  };
}

/** The location as mails and calendar events write it, or undefined when there is nothing to add. */
export const placeOf = (appointment: InvitationAppointment) =>
  appointment.location?.address ? `${appointment.location.name}, ${appointment.location.address}` : undefined;

export interface InvitationContext {
  settings: Pick<BusinessSettings, 'businessName' | 'timezone' | 'defaultLocale'>;
  publicUrl: string;
}

export function invitationUid(appointmentId: string, publicUrl: string): string {
  return `appointment-${appointmentId}@${new URL(publicUrl).hostname}`;
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
/**
 * Who the employee's mail says the appointment is for. An erased customer (her cancellations are sent after her row
 * is erased) is named in the mail's language, without the erased address, which could only bounce.
 */
const customerLineOf = (customer: Person, language: MailLanguage) =>
  isErasedAddress(customer.email)
    ? language.say('mail.appointment.customerName', { name: language.say('customers.deleted') })
    : language.say('mail.appointment.customer', { name: fullName(customer), email: customer.email });
const serviceOf = (appointment: InvitationAppointment, language: MailLanguage) =>
  appointment.serviceName ?? language.say('mail.appointment.someService');

/** The calendar event of an appointment, its summary and description in the language of the mail it goes with. */
export function buildInvitation(
  kind: InvitationKind,
  appointment: InvitationAppointment,
  ctx: InvitationContext,
  language: MailLanguage,
): string {
  const cancelled = kind === 'cancelled';
  const service = serviceOf(appointment, language);
  const customer = { name: fullName(appointment.customer), email: appointment.customer.email };
  const employee = { name: fullName(appointment.employee), email: appointment.employee.email };
  return writeCalendar({
    method: cancelled ? 'CANCEL' : 'REQUEST',
    now: new Date(),
    events: [
      {
        uid: invitationUid(appointment.id, ctx.publicUrl),
        sequence: appointment.sequence,
        start: appointment.startsAt,
        end: new Date(appointment.startsAt.getTime() + appointment.duration * 60_000),
        summary: language.say('mail.appointment.eventTitle', { service, business: ctx.settings.businessName }),
        description: [
          language.say('mail.appointment.with', { service, employee: employee.name }),
          appointment.notes && language.say('mail.appointment.notes', { notes: appointment.notes }),
        ]
          .filter(Boolean)
          .join('\n'),
        location: placeOf(appointment),
        status: cancelled ? 'CANCELLED' : 'CONFIRMED',
        url: `${ctx.publicUrl.replace(/\/$/, '')}/profile`,
        organizer: { name: ctx.settings.businessName, email: employee.email },
        // An erased customer's address could only bounce: her cancellation is sent to the employee alone.
        attendees: isErasedAddress(customer.email) ? [employee] : [customer, employee],
      },
    ],
  });
}

/** The lines of an appointment every mail about it lists: what, with whom, when, how long, the notes. */
export function appointmentDetails(
  appointment: InvitationAppointment,
  language: MailLanguage,
  timeZone: string,
): string[] {
  return [
    language.say('mail.appointment.with', {
      service: serviceOf(appointment, language),
      employee: fullName(appointment.employee),
    }),
    language.say('mail.appointment.when', { when: language.when(appointment.startsAt, timeZone) }),
    language.say('mail.appointment.duration', { minutes: appointment.duration }),
    ...(placeOf(appointment) ? [language.say('mail.appointment.where', { place: placeOf(appointment)! })] : []),
    ...(appointment.notes ? [language.say('mail.appointment.notes', { notes: appointment.notes })] : []),
  ];
}

const subjects = {
  booked: 'mail.appointment.bookedSubject',
  rescheduled: 'mail.appointment.rescheduledSubject',
  cancelled: 'mail.appointment.cancelledSubject',
} as const;
const customerLines = {
  booked: 'mail.appointment.booked',
  rescheduled: 'mail.appointment.rescheduled',
  cancelled: 'mail.appointment.cancelled',
} as const;
// To the employee the appointment is the customer's; a cancellation reads the same to both.
const employeeLines = {
  booked: 'mail.appointment.bookedFor',
  rescheduled: 'mail.appointment.rescheduledFor',
  cancelled: 'mail.appointment.cancelled',
} as const;

/** The invitation mails of a change: to the customer and to the employee, each in their language. */
export function invitationMails(
  kind: InvitationKind,
  appointment: InvitationAppointment,
  ctx: InvitationContext,
): OutgoingMail[] {
  const { customer, employee } = appointment;
  // Both invitations are the same event: built once per language.
  const events = new Map<string, string>();
  return [customer, employee].map((to) => {
    const language = mailLanguage(to, ctx.settings);
    const subject = language.say(subjects[kind], {
      service: serviceOf(appointment, language),
      when: language.when(appointment.startsAt, ctx.settings.timezone),
    });
    const text =
      to === customer
        ? [
            language.say('mail.hello', { name: customer.firstName }),
            '',
            language.say(customerLines[kind]),
            '',
            ...appointmentDetails(appointment, language, ctx.settings.timezone),
            '',
            language.say('mail.appointment.yourAppointments', { url: `${ctx.publicUrl.replace(/\/$/, '')}/profile` }),
            '',
            ctx.settings.businessName,
          ]
        : [
            language.say('mail.hello', { name: employee.firstName }),
            '',
            language.say(employeeLines[kind], { customer: fullName(customer) }),
            '',
            ...appointmentDetails(appointment, language, ctx.settings.timezone),
            customerLineOf(customer, language),
            '',
            ctx.settings.businessName,
          ];
    const icalEvent = events.get(language.locale) ?? buildInvitation(kind, appointment, ctx, language);
    events.set(language.locale, icalEvent);
    return { to: to.email, subject, text: text.join('\n'), icalEvent };
  });
}

/** The invitation a change sends, at the sequence it raised: none when it raised none (e.g. a confirmation). */
function invitationKindOf(
  change: AppointmentChange | undefined,
): { kind: InvitationKind; sequence: number } | undefined {
  switch (change?.kind) {
    case 'booked':
      return { kind: 'booked', sequence: 0 };
    case 'moved':
      return { kind: 'rescheduled', sequence: change.sequence };
    case 'cancelled':
      return { kind: 'cancelled', sequence: change.sequence };
    case 'status':
      // A status change is told only as a cancellation, or as a new booking when it revives a cancelled one.
      if (change.sequence === undefined) return undefined;
      if (change.to === 'cancelled') return { kind: 'cancelled', sequence: change.sequence };
      return change.from === 'cancelled' ? { kind: 'booked', sequence: change.sequence } : undefined;
    default:
      return undefined;
  }
}

// The time zones of the bookings' locations.
const locationZones = selectStatement<{ ids: string[] }, { id: string; timeZone: string | null }>((db) =>
  db
    .select({ id: locations.id, timeZone: locations.timeZone })
    .from(locations)
    .where(sql`${locations.id} = any(${sql.placeholder('ids')}::uuid[])`),
);

/**
 * The invitation mails of a booking, a move, a cancellation or a revival: to the customer and to the employee, each
 * in their language, with the calendar event at the sequence the change raised. A booking writes its times in its
 * location's time zone. Each mail's key names the appointment, the sequence and the recipient, so no version of an
 * invitation is queued twice.
 */
export const invitationMailsOf = defineSubscriber(
  'invitationMails',
  {
    on: ['appointment.created', 'appointment.updated', 'appointment.cancelled'],
    data: z.object({ id: z.string(), dateTime: z.string(), locationId: z.string().nullable() }),
    when: ({ change }) => invitationKindOf(change as AppointmentChange | undefined) !== undefined,
  },
  (deps: { env: { publicUrl: string } }) => ({
    async runAll(tx, events) {
      const ids = [...new Set(events.map((event) => event.data.id))];
      const [settings, rows, zones] = await Promise.all([
        getSettings(tx),
        appointmentsByIds(tx, { ids }),
        locationZones(tx, { ids: [...new Set(events.flatMap((event) => event.data.locationId ?? []))] }),
      ]);
      const queued = events.flatMap(({ data, change }) => {
        const row = rows.find((r) => r.id === data.id);
        const invitation = invitationKindOf(change as AppointmentChange | undefined);
        if (!row || !invitation) return [];
        // A booking's times are said in its location's zone; a later change's in the business's.
        const timezone =
          (change?.kind === 'booked' ? zones.find((zone) => zone.id === data.locationId)?.timeZone : null) ??
          settings.timezone;
        const mails = invitationMails(
          invitation.kind,
          invitationOf(row, invitation.sequence, new Date(data.dateTime)),
          { settings: { ...settings, timezone }, publicUrl: deps.env.publicUrl },
        );
        return mails.map((mail, i) => ({
          job: mailKind,
          payload: mail,
          uniqueKey: `invitation:${row.id}:${invitation.sequence}:${i === 0 ? 'customer' : 'employee'}`,
        }));
      });
      await enqueueEach(tx, queued);
    },
  }),
);
