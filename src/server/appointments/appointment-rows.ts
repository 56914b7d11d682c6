import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { selectStatement, type Tx } from '../../../db/client';
import { appointments, services, users } from '../../../db/schema/index';
import type { Appointment } from '../../shared/appointment-schema';
import type { AppointmentLocation } from '../../shared/location-schema';
import { isoInstant } from '../paging/page';
import type { AppointmentChange, EventActor } from '../events/domain-events';
import { publish } from '../events/publish';

// One way to read an appointment with its service, customer and employee, and one answer shape, for the
// booking calls and the employee portal alike.

const customer = alias(users, 'customer');
const employee = alias(users, 'employee');

/** An appointment's own columns. */
export const appointmentColumns = {
  id: appointments.id,
  serviceId: appointments.serviceId,
  employeeId: appointments.employeeId,
  customerId: appointments.customerId,
  locationId: appointments.locationId,
  startsAt: appointments.startsAt,
  duration: appointments.duration,
  bufferBeforeMinutes: appointments.bufferBeforeMinutes,
  bufferAfterMinutes: appointments.bufferAfterMinutes,
  notes: appointments.notes,
  answers: appointments.answers,
  status: appointments.status,
  sequence: appointments.sequence,
  seriesId: appointments.seriesId,
  sessionId: appointments.sessionId,
  amountDue: appointments.amountDue,
  paymentStatus: appointments.paymentStatus,
  paymentProvider: appointments.paymentProvider,
  paymentReference: appointments.paymentReference,
  createdAt: appointments.createdAt,
};

const columns = {
  ...appointmentColumns,
  updatedAt: isoInstant(appointments.updatedAt),
  // What a seat's class allows now (a reopened or moved seat is counted against it).
  serviceCapacity: services.capacity,
  // The reminders that went for the appointment's current start (a reschedule starts afresh).
  remindersSent: sql<{ offsetMinutes: number; sentAt: string }[]>`coalesce((
    select json_agg(json_build_object('offsetMinutes', r.offset_minutes, 'sentAt', r.sent_at) order by r.sent_at)
    from appointment_reminders r
    where r.appointment_id = ${appointments.id} and r.starts_at = ${appointments.startsAt}), '[]'::json)`,
  service: { id: services.id, name: services.name, duration: services.duration, price: services.price },
  // Where it takes place (a location's null name is the business's).
  location: sql<AppointmentLocation>`(select json_build_object('id', l.id,
      'name', coalesce(l.name, (select s.business_name from business_settings s where s.id = 1), ''),
      'address', l.address) from locations l where l.id = ${appointments.locationId})`,
  // The language each is written to in (their mails); not part of the answer.
  customer: {
    id: customer.id,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    locale: customer.locale,
  },
  employee: {
    id: employee.id,
    firstName: employee.firstName,
    lastName: employee.lastName,
    email: employee.email,
    locale: employee.locale,
  },
};

export function selectAppointments(db: Tx) {
  return db
    .select(columns)
    .from(appointments)
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(customer, eq(customer.id, appointments.customerId))
    .innerJoin(employee, eq(employee.id, appointments.employeeId));
}

export type Row = Awaited<ReturnType<ReturnType<typeof selectAppointments>['execute']>>[number];

/** The appointments with these ids, as `selectAppointments` reads them, built once (each follow-up batch reads so). */
export const appointmentsByIds = selectStatement<{ ids: string[] }, Row>((db) =>
  selectAppointments(db).where(sql`${appointments.id} = any(${sql.placeholder('ids')}::uuid[])`),
);

/** The appointment with this id (a UUID), as `selectAppointments` reads it; undefined when there is none. */
export const appointmentRow = async (db: Tx, id: string): Promise<Row | undefined> =>
  (await appointmentsByIds(db, { ids: [id] }))[0];

/** Where it takes place, as the row holds it (PGlite may hand the JSON back as text). */
export const locationOf = (row: Row): AppointmentLocation =>
  typeof row.location === 'string' ? JSON.parse(row.location) : row.location;

export function toAppointment(row: Row): Appointment {
  const dateTime = row.startsAt.toISOString();
  return {
    id: row.id,
    serviceId: row.serviceId,
    employeeId: row.employeeId,
    customerId: row.customerId,
    userId: row.customerId,
    locationId: row.locationId,
    location: locationOf(row),
    dateTime,
    appointmentDate: dateTime,
    duration: row.duration,
    notes: row.notes,
    customerNotes: row.notes,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt,
    seriesId: row.seriesId,
    sessionId: row.sessionId,
    amountDue: row.amountDue,
    paymentStatus: row.paymentStatus,
    remindersSent: (typeof row.remindersSent === 'string' ? JSON.parse(row.remindersSent) : row.remindersSent).map(
      (r: { offsetMinutes: number; sentAt: string }) => ({
        offsetMinutes: r.offsetMinutes,
        sentAt: new Date(r.sentAt).toISOString(),
      }),
    ),
    answers: typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers,
    service: row.service,
    customer: {
      id: row.customer.id,
      firstName: row.customer.firstName,
      lastName: row.customer.lastName,
      email: row.customer.email,
    },
    employee: { id: row.employee.id, firstName: row.employee.firstName, lastName: row.employee.lastName },
  };
}

/**
 * Announces a change of an appointment, as GET /api/appointments/{id} answers it, in the writing transaction: read
 * there by its id, or as the writer already has it. `by` and `change` are what its subscribers follow: who made it
 * (the activity log) and what it was (mails, reminders, the waitlist).
 */
export async function emitAppointmentEvent(
  tx: Tx,
  type: 'appointment.created' | 'appointment.updated' | 'appointment.cancelled',
  appointment: string | (() => Promise<Appointment>),
  facts: { by?: EventActor | null; change?: AppointmentChange } = {},
) {
  return publish(tx, {
    type,
    data:
      typeof appointment === 'function'
        ? appointment
        : async () => toAppointment((await appointmentRow(tx, appointment))!),
    ...facts,
  });
}
