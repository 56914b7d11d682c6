import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { statement, type Tx } from '../../../db/client';
import { appointments } from '../../../db/schema/index';
import { CLASS_FULL_MESSAGE, liveStatuses, SEAT_TAKEN_MESSAGE } from '../../shared/appointment-schema';
import { AppError } from '../app-error';
import { liveStatusLiterals } from './slot-data';

/**
 * Seats of classes (services with capacity above 1): the customers who book one start with one employee share a
 * session. Its seats are numbered, and the database's unique seat numbers and the no-overlap constraint keep every
 * session within its capacity and its employee's time (docs/decisions/0015-class-seats.md).
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

/** Where a seat is wanted: SQL for each value, placeholders of a statement or a row's columns. */
interface SeatWanted {
  employeeId: SQL;
  serviceId: SQL;
  startsAt: SQL;
  customerId: SQL;
  capacity: SQL;
  /** The id of the session to open when there is none (`sessionIdAt`). */
  newSessionId: SQL;
  /** The appointment that moves or reopens (its own seat does not count), or null. */
  excludeId: SQL;
  /** Whether a seat is wanted at all (a booking's insert asks it of every row, and only a class's row wants one). */
  wanted?: SQL;
}

/**
 * The seat a customer would take at (employee, service, start), as one row: the session there ("sessionId", null
 * when there is none yet), a free seat number, locked for the rest of the transaction ("seat", null when the class
 * is full, also when seats above a lowered capacity are still held, or when the customer has a seat there already)
 * and whether the customer already has a seat at that start with any employee ("mine"). A booking runs it inside its
 * insert, a move or a reopening through `takeSeat`. The number comes from `free_seat_number` (a database function,
 * db/migrations/0023_class_seat_numbers.sql), so that concurrent bookings of one session take different numbers
 * without waiting for each other.
 */
export function seatWantedAt(w: SeatWanted): SQL {
  return sql`select taken."sessionId", coalesce(taken.mine, false) as mine,
      case when ${w.wanted ?? sql`true`} and not coalesce(taken.mine, false)
        then free_seat_number(coalesce(taken."sessionId", ${w.newSessionId}), ${w.capacity}, ${w.excludeId}) end as seat
    from (select (array_agg(${appointments.sessionId}) filter (where ${appointments.employeeId} = ${w.employeeId}))[1]
          as "sessionId",
        bool_or(${appointments.customerId} = ${w.customerId}) as mine
      from ${appointments}
      where ${appointments.sessionId} is not null and ${liveStatusLiterals}
        and ${appointments.serviceId} = ${w.serviceId} and ${appointments.startsAt} = ${w.startsAt}
        and (${w.excludeId} is null or ${appointments.id} <> ${w.excludeId}) and ${w.wanted ?? sql`true`}) taken`;
}

/**
 * The id of the session at (employee, service, start): the same for everyone who opens it at once, so that their
 * seats, written side by side, make one session (the no-overlap constraint lets only one session's seats overlap).
 * A session is found by its seats first; this names one that has none yet.
 */
export function sessionIdAt(employeeId: string, serviceId: string, startsAt: Date): string {
  const hex = createHash('sha256').update(`${employeeId}|${serviceId}|${startsAt.toISOString()}`).digest('hex');
  // Shaped as a UUID of version 8 (custom) and the RFC 4122 variant.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The refusal of a seat the pick could not give: the customer's second seat, or a full class. */
function seatRefusal(pick: { mine: boolean; seat: number | null }): AppError | undefined {
  if (pick.mine) return new AppError('CONFLICT', SEAT_TAKEN_MESSAGE);
  if (pick.seat === null) return new AppError('CONFLICT', CLASS_FULL_MESSAGE);
  return undefined;
}

/**
 * A seat in the session of that employee, service and start (a new session when it has none): the lowest free
 * seat number nobody else is taking. 409 when the customer already has a seat at that start (with any employee) or
 * the class is full.
 */
export async function takeSeat(tx: Tx, request: SeatRequest, excludeAppointmentId?: string): Promise<Seat> {
  const newSessionId = sessionIdAt(request.employeeId, request.serviceId, request.startsAt);
  const [pick] = await readSeat(tx, {
    employeeId: request.employeeId,
    newSessionId,
    customerId: request.customerId,
    serviceId: request.serviceId,
    startsAt: request.startsAt.toISOString(),
    capacity: request.capacity,
    excludeAppointmentId: excludeAppointmentId ?? null,
  });
  const refusal = seatRefusal(pick!);
  if (refusal) throw refusal;
  return { sessionId: pick!.sessionId ?? newSessionId, seat: pick!.seat!, capacity: request.capacity };
}

const placeholder = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
const readSeat = statement<
  {
    employeeId: string;
    newSessionId: string;
    customerId: string;
    serviceId: string;
    startsAt: string;
    capacity: number;
    excludeAppointmentId: string | null;
  },
  { sessionId: string | null; seat: number | null; mine: boolean }
>(
  seatWantedAt({
    employeeId: placeholder('employeeId', 'uuid'),
    newSessionId: placeholder('newSessionId', 'uuid'),
    serviceId: placeholder('serviceId', 'uuid'),
    startsAt: placeholder('startsAt', 'timestamptz'),
    customerId: placeholder('customerId', 'uuid'),
    capacity: placeholder('capacity', 'int'),
    excludeId: placeholder('excludeAppointmentId', 'uuid'),
  }),
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
