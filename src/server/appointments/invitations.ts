import { createEvent } from 'ics';
import type { Tx } from '../../../db/client';
import { enqueueMail } from '../mail/outbox';
import { toZoned, formatMinutes } from '../booking/zoned-time';

/**
 * Calendar invitations for an appointment: one UID per appointment and a SEQUENCE raised by every change, so a
 * mail client updates (or, for a cancellation, removes) the event it already holds instead of adding another.
 */

export type InvitationKind = 'booked' | 'rescheduled' | 'cancelled';

export interface InvitationAppointment {
  id: string;
  sequence: number;
  startsAt: Date;
  duration: number;
  notes: string;
  serviceName: string;
  customer: { firstName: string; lastName: string; email: string };
  employee: { firstName: string; lastName: string; email: string };
}

export interface InvitationContext {
  businessName: string;
  timeZone: string;
  publicUrl: string;
}

export function invitationUid(appointmentId: string, publicUrl: string): string {
  return `appointment-${appointmentId}@${new URL(publicUrl).hostname}`;
}

export function buildInvitation(
  kind: InvitationKind,
  appointment: InvitationAppointment,
  ctx: InvitationContext,
): string {
  const cancelled = kind === 'cancelled';
  const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
  const { value, error } = createEvent({
    productId: 'booking/ics',
    method: cancelled ? 'CANCEL' : 'REQUEST',
    uid: invitationUid(appointment.id, ctx.publicUrl),
    sequence: appointment.sequence,
    start: appointment.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: appointment.duration },
    title: `${appointment.serviceName} at ${ctx.businessName}`,
    description: [
      `${appointment.serviceName} with ${name(appointment.employee)}`,
      appointment.notes && `Notes: ${appointment.notes}`,
    ]
      .filter(Boolean)
      .join('\n'),
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    url: `${ctx.publicUrl.replace(/\/$/, '')}/profile`,
    organizer: { name: ctx.businessName, email: appointment.employee.email },
    attendees: [
      {
        name: name(appointment.customer),
        email: appointment.customer.email,
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
      {
        name: name(appointment.employee),
        email: appointment.employee.email,
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
    ],
  });
  if (error || !value) throw error ?? new Error('Could not build the calendar invitation');
  return value;
}

/** The wall-clock date and time of the appointment in the business time zone, for the mail text. */
export function whenText(startsAt: Date, timeZone: string): string {
  const zoned = toZoned(startsAt, timeZone);
  return `${zoned.date} at ${formatMinutes(zoned.minutes)} (${timeZone})`;
}

/** Queues the invitation mail to the customer and to the employee, in the caller's transaction. */
export async function sendInvitations(
  tx: Tx,
  kind: InvitationKind,
  appointment: InvitationAppointment,
  ctx: InvitationContext,
) {
  const ics = buildInvitation(kind, appointment, ctx);
  const when = whenText(appointment.startsAt, ctx.timeZone);
  const service = appointment.serviceName;
  const subjects: Record<InvitationKind, string> = {
    booked: `Appointment booked: ${service} on ${when}`,
    rescheduled: `Appointment moved: ${service} now on ${when}`,
    cancelled: `Appointment cancelled: ${service} on ${when}`,
  };
  const lines: Record<InvitationKind, string> = {
    booked: 'Your appointment has been successfully scheduled.',
    rescheduled: 'Your appointment has been moved to a new time.',
    cancelled: 'This appointment has been cancelled.',
  };
  const customerName = `${appointment.customer.firstName} ${appointment.customer.lastName}`.trim();
  const employeeName = `${appointment.employee.firstName} ${appointment.employee.lastName}`.trim();
  const details = [
    `${service} with ${employeeName}`,
    `When: ${when}`,
    `Duration: ${appointment.duration} minutes`,
    appointment.notes && `Notes: ${appointment.notes}`,
  ]
    .filter(Boolean)
    .join('\n');
  await enqueueMail(tx, {
    to: appointment.customer.email,
    subject: subjects[kind],
    text: `Hello ${appointment.customer.firstName},\n\n${lines[kind]}\n\n${details}\n\nSee your appointments: ${ctx.publicUrl.replace(/\/$/, '')}/profile\n\n${ctx.businessName}`,
    icalEvent: ics,
  });
  await enqueueMail(tx, {
    to: appointment.employee.email,
    subject: subjects[kind],
    text: `Hello ${appointment.employee.firstName},\n\n${lines[kind].replace('Your appointment', `${customerName}'s appointment`)}\n\n${details}\nCustomer: ${customerName} <${appointment.customer.email}>\n\n${ctx.businessName}`,
    icalEvent: ics,
  });
}
