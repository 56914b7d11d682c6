import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { statement, type Tx } from '../../../db/client';
import { appointments } from '../../../db/schema/index';
import { CLASS_FULL_MESSAGE, liveStatuses, SEAT_TAKEN_MESSAGE } from '../../shared/appointment-schema';
import { AppError } from '../app-error';

/**
 * Seats of classes (services with capacity above 1): the customers who book one start with one employee share a
 * session. The caller holds the employee's booking lock, so the seats read here are all there are; the database's
 * unique seat numbers and the no-overlap constraint hold even without it (docs/decisions/0015-class-seats.md).
 */

export interface SeatRequest {
  employeeId: string;
  serviceId: string;
  startsAt: Date;
  capacity: number;
  customerId: string;
}

/** What an appointment row of a seat carries. */
export interface Seat {
  sessionId: string;
  seat: number;
  capacity: number;
}

const live = inArray(appointments.status, [...liveStatuses]);

function liveSeatsWhere(...where: (SQL | undefined)[]) {
  return and(isNotNull(appointments.sessionId), live, ...where);
}

/**
 * A seat in the session of that employee, service and start (a new session when it has none): the lowest free
 * seat number. 409 when the customer already has a seat at that start (with any employee) or the class is full.
 */
export async function takeSeat(tx: Tx, request: SeatRequest, excludeAppointmentId?: string): Promise<Seat> {
  const [session] = await readSession(tx, {
    employeeId: request.employeeId,
    customerId: request.customerId,
    serviceId: request.serviceId,
    startsAt: request.startsAt.toISOString(),
    excludeAppointmentId: excludeAppointmentId ?? null,
  });
  if (session?.mine) throw new AppError('CONFLICT', SEAT_TAKEN_MESSAGE);
  const taken = new Set((session?.seats ?? []).map(Number));
  if (taken.size >= request.capacity) throw new AppError('CONFLICT', CLASS_FULL_MESSAGE);
  let seat = 1;
  while (taken.has(seat)) seat++;
  // Seat numbers above a lowered capacity may still be held: then every number within it is taken, and full.
  if (seat > request.capacity) throw new AppError('CONFLICT', CLASS_FULL_MESSAGE);
  return { sessionId: session?.sessionId ?? randomUUID(), seat, capacity: request.capacity };
}

// One row, however many seats there are: this runs under the employee's lock, once per seat of a class filling up,
// so it is kept to what the choice needs.
const ofEmployee = sql`${appointments.employeeId} = ${sql.placeholder('employeeId')}::uuid`;
const readSession = statement<
  { employeeId: string; customerId: string; serviceId: string; startsAt: string; excludeAppointmentId: string | null },
  { sessionId: string | null; seats: number[] | null; mine: boolean | null }
>(
  sql`select (array_agg(${appointments.sessionId}) filter (where ${ofEmployee}))[1] as "sessionId",
      array_agg(${appointments.seat}) filter (where ${ofEmployee}) as seats,
      bool_or(${appointments.customerId} = ${sql.placeholder('customerId')}::uuid) as mine
    from ${appointments}
    where ${liveSeatsWhere(
      sql`${appointments.serviceId} = ${sql.placeholder('serviceId')}::uuid`,
      sql`${appointments.startsAt} = ${sql.placeholder('startsAt')}::timestamptz`,
      sql`(${sql.placeholder('excludeAppointmentId')}::uuid is null
        or ${appointments.id} <> ${sql.placeholder('excludeAppointmentId')}::uuid)`,
    )}`,
);

/**
 * Why a class cannot be booked at these starts, when the reason is the class itself: the customer already has a
 * seat at one of them (with any employee), or every session there is full.
 */
export async function classRefusal(
  db: Tx,
  serviceId: string,
  starts: Date[],
  employeeIds: string[],
  capacity: number,
  customerId: string,
): Promise<AppError | undefined> {
  // Per employee, a count and whether the customer is among them: a few rows, not one per seat.
  const sessions = await db
    .select({
      employeeId: appointments.employeeId,
      seats: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${appointments.customerId} = ${customerId})`,
    })
    .from(appointments)
    .where(liveSeatsWhere(eq(appointments.serviceId, serviceId), inArray(appointments.startsAt, starts)))
    .groupBy(appointments.employeeId);
  if (sessions.some((s) => s.mine)) return new AppError('CONFLICT', SEAT_TAKEN_MESSAGE);
  if (starts.length > 1 || !employeeIds.length) return undefined;
  const full = employeeIds.every((id) => Number(sessions.find((s) => s.employeeId === id)?.seats ?? 0) >= capacity);
  return full ? new AppError('CONFLICT', CLASS_FULL_MESSAGE) : undefined;
}
