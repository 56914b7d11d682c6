import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { statement, transactionInOneTrip, type Tx } from '../../../db/client';
import type { Locale } from '../../shared/i18n/locales';
import { DEFAULT_PAGE_LIMIT, isoInstant, isPaged, pageOf, updatedWalk, type Page } from '../paging/page';
import { appointments } from '../../../db/schema/index';
import {
  liveStatuses,
  NO_SHOW_TOO_EARLY_MESSAGE,
  repeatStepDays,
  seriesUnavailableMessage,
  SLOT_TAKEN_MESSAGE,
  type Appointment,
  type AppointmentPaymentStatus,
  type BookingResult,
  type AppointmentListQuery,
  type AppointmentStatus,
  type BookAppointmentInput,
  type CancelInput,
} from '../../shared/appointment-schema';
import { cancellationNoticeMessage, withinCancellationNotice } from '../../shared/booking';
import type { Permission } from '../../shared/roles';
import { can, isSelf, isStaffRole } from '../../shared/roles';
import { integrationMessages } from '../../shared/integrations-schema';
import type { BusinessSettings } from '../../shared/settings';
import type { SessionUser } from '../auth/sessions';
import { computeSlots } from '../booking/slots';
import { toZoned, zonedToInstant } from '../booking/zoned-time';
import { addCalendarDays } from '../../shared/date-key';
import { isUuid } from '../../shared/ids';
import { sqlState, violatedConstraint } from '../../../db/errors';
import { AppError } from '../app-error';
import {
  appointmentColumns,
  appointmentRow,
  emitAppointmentEvent,
  selectAppointments,
  toAppointment,
  type Row,
} from './appointment-rows';
import type { Payments } from '../payments/payments';
import { holdForDeposit, openDepositPayment, planDeposit, refundDeposit, type DepositPlan } from './deposits';
import {
  checkCreditForBooking,
  returnCreditSession,
  spendCreditSessions,
  spendReturnedSession,
} from '../packages/package-credits';
import { publishBooked } from '../events/publish';
import { eventActor, type EventActor } from '../events/domain-events';
import {
  findServiceWithProviders,
  heldSpanOf,
  loadResourceNeeds,
  loadSlotData,
  placeOf,
  slotRules,
  type BookableService,
  type Place,
  type ClassOf,
  type Person,
  type TimeNeeded,
} from './slot-data';
import { classRefusal, seatWantedAt, sessionIdAt, takeSeat } from './class-seats';
import { sentence } from '../../shared/i18n/sentence';
import { intakeAnswers } from './intake-answers';
import { customerNamedBy } from '../staff/customers-service';
import { resourceRefusal, resourceShortage } from '../locations/resource-holds';

/**
 * What a booking operation needs besides the database and the caller: settings, the clock, the public address,
 * and the payment providers that take deposits.
 */
export interface BookingEnv {
  settings: BusinessSettings;
  now: Date;
  publicUrl: string;
  payments: Payments;
  /** The language the customer books in (the request's): the intake questions are asked and answered in it. */
  locale: Locale;
  /** Where the booking takes place (set by the booking from the service and the request; its time zone is the settings'). */
  place?: Place;
}

const NOT_FOUND = 'Appointment not found';
const EXCLUSION_VIOLATION = '23P01';
// A booking's row fails only one check: a class's row without a seat (appointments_seat_of_session).
const CHECK_VIOLATION = '23514';
const UNIQUE_VIOLATION = '23505';
const DEADLOCK_DETECTED = '40P01';
// One live seat per customer in a session.
const SEAT_OF_CUSTOMER = 'appointments_session_customer_key';

const seesAll = (actor: SessionUser) => can(actor, 'appointments.view');

async function findRow(db: Tx, id: string): Promise<Row | undefined> {
  return isUuid(id) ? appointmentRow(db, id) : undefined;
}

/** Whether the caller may see the appointment: their own in person (as customer or as its employee), or any with appointments.view. */
const mayView = (actor: SessionUser, row: Pick<Row, 'customerId' | 'employeeId'>) =>
  isSelf(actor, row.customerId) || isSelf(actor, row.employeeId) || seesAll(actor);

/** An appointment the caller may see (mayView); anyone else is told it does not exist. */
async function visibleRow(db: Tx, actor: SessionUser, id: string): Promise<Row> {
  const row = await findRow(db, id);
  if (!row || !mayView(actor, row)) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

/** Staff who may make a change to anyone's appointment: its own permission, or appointments.edit (any change). */
const staffMayChange = (actor: SessionUser, permission: Permission) =>
  can(actor, permission) || can(actor, 'appointments.edit');

/**
 * An appointment the caller is about to change: one they may see (mayView), or any when they may make that change
 * to anyone's. Making a change needs no appointments.view: its answer is all they are shown of the appointment.
 * Anyone else is told it does not exist.
 */
async function rowToChange(db: Tx, actor: SessionUser, id: string, permission: Permission): Promise<Row> {
  const row = await findRow(db, id);
  if (!row || !(mayView(actor, row) || staffMayChange(actor, permission))) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

/**
 * Someone took the time (the no-overlap constraint), or a class had no seat for the customer: none was free, or the
 * customer's other request for a seat there was written first. Two new sessions that overlap, opened at once by
 * class bookings (which do not queue for each other), can each wait for the other's row; PostgreSQL refuses one.
 */
function isConflict(error: unknown) {
  const state = sqlState(error);
  if (state === UNIQUE_VIOLATION) return violatedConstraint(error) === SEAT_OF_CUSTOMER;
  return state === EXCLUSION_VIOLATION || state === CHECK_VIOLATION || state === DEADLOCK_DETECTED;
}

/**
 * Takes the employee's booking lock for the rest of the transaction, so that bookings of one employee queue instead
 * of colliding: inserts that collide on the no-overlap constraint would otherwise each wait for the other's
 * uncommitted row, a deadlock PostgreSQL breaks only after its deadlock timeout; in turn, the second booking finds
 * the first one's committed row at once (a conflict). A class's seats take it shared: they queue behind anything
 * else of the employee's, but not behind each other, since the seats of one session never collide on the
 * constraint and take their numbers side by side (`seatWantedAt`).
 */
function lockEmployeeBookings(tx: Tx, employeeId: string, mode: 'alone' | 'shared' = 'alone'): Promise<unknown> {
  // A `statement()` reaches the transaction's connection when it is started: the statements a caller starts after
  // this call follow it there, so they may be sent without waiting for the lock and still run under it.
  return (mode === 'shared' ? lockBookingsShared : lockBookings)(tx, { key: `appointments:${employeeId}` });
}
const lockBookings = statement<{ key: string }, unknown>(
  sql`select pg_advisory_xact_lock(hashtext(${sql.placeholder('key')}::text))`,
);
const lockBookingsShared = statement<{ key: string }, unknown>(
  sql`select pg_advisory_xact_lock_shared(hashtext(${sql.placeholder('key')}::text))`,
);

/** The instant of a booking request, refused when it has passed. */
function requestedStart(dateTime: string, now: Date): Date {
  const start = new Date(dateTime);
  if (start.getTime() < now.getTime())
    throw new AppError('BAD_REQUEST', 'That time has already passed. Please choose a future time.');
  return start;
}

/** Employees (in preference order) for whom `start` is an offered slot for an appointment of that length and buffers. */
async function freeEmployeesAt(
  db: Tx,
  env: BookingEnv,
  start: Date,
  needed: TimeNeeded,
  employeeIds: string[],
  classOf: ClassOf | undefined,
  excludeAppointmentId?: string,
) {
  const date = toZoned(start, env.settings.timezone).date;
  const data = await loadSlotData(db, date, employeeIds, env.settings.timezone, {
    excludeAppointmentId,
    heldSpan: heldSpanOf(start, needed),
    place: env.place,
  });
  const [slot] = computeSlots(date, slotRules(env.settings, env.now, needed, classOf), data, start);
  return { date, free: slot?.employeeIds ?? [] };
}

/**
 * The starts of a booking: the requested one, then for a series each later occurrence at the same wall-clock time
 * of the business zone (dates stepped as calendar dates, so a series keeps its local time across a clock change).
 */
function occurrenceStarts(start: Date, repeat: BookAppointmentInput['repeat'], timeZone: string): Date[] {
  if (!repeat) return [start];
  const { date, minutes } = toZoned(start, timeZone);
  const step = repeatStepDays[repeat.frequency];
  return Array.from({ length: repeat.count }, (_, i) =>
    i === 0 ? start : zonedToInstant(addCalendarDays(date, i * step), minutes, timeZone),
  );
}

/**
 * Per employee, the dates (business zone, in order) on which a start is not an offered slot for them: every
 * occurrence is checked by the same rules as a single booking (hours, overrides, held spans, window, notice).
 */
async function unavailableDates(
  db: Tx,
  env: BookingEnv,
  starts: Date[],
  needed: TimeNeeded,
  employeeIds: string[],
  classOf: ClassOf | undefined,
): Promise<Map<string, string[]>> {
  const at = (tx: Tx, start: Date) => freeEmployeesAt(tx, env, start, needed, employeeIds, classOf);
  // A series' dates are read in one snapshot: read at different moments, a series booked meanwhile would show
  // some of its dates taken and others free, and the refusal would name only some of them.
  const occurrences =
    starts.length === 1
      ? [await at(db, starts[0]!)]
      : await db.transaction(
          async (tx) => {
            const each = [];
            for (const start of starts) each.push(await at(tx, start));
            return each;
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        );
  return new Map(
    employeeIds.map((id) => [id, occurrences.filter((o) => !o.free.includes(id)).map((o) => o.date)] as const),
  );
}

/**
 * The 409 of a booking that cannot be made. A series names the dates that are not free for the employee who
 * comes closest (the first in preference order among equals), so the customer knows which ones to change.
 */
function notAvailable(starts: Date[], unavailable: Map<string, string[]>): AppError {
  const closest = [...unavailable.values()].reduce<string[] | undefined>(
    (best, dates) => (best && best.length <= dates.length ? best : dates),
    undefined,
  );
  if (starts.length === 1 || !closest?.length) return new AppError('CONFLICT', SLOT_TAKEN_MESSAGE);
  return new AppError('CONFLICT', seriesUnavailableMessage(closest), { dates: closest });
}

/** Live appointments per employee on a date of the business zone: fewer first when a provider is assigned. */
async function bookingsOn(db: Tx, date: string, employeeIds: string[], timeZone: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (!employeeIds.length) return counts;
  const rows = await db
    .select({ employeeId: appointments.employeeId, n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(
      and(
        inArray(appointments.employeeId, employeeIds),
        inArray(appointments.status, [...liveStatuses]),
        gte(appointments.startsAt, zonedToInstant(date, 0, timeZone)),
        lt(appointments.startsAt, zonedToInstant(addCalendarDays(date, 1), 0, timeZone)),
      ),
    )
    .groupBy(appointments.employeeId);
  for (const r of rows) counts.set(r.employeeId, Number(r.n));
  return counts;
}

/**
 * Who the appointment is for: the caller, or the customer that staff with appointments.manage, or a program,
 * names (customerNamedBy).
 */
async function bookingCustomer(db: Tx, actor: SessionUser, customerId: string | null | undefined): Promise<Person> {
  const named = await customerNamedBy(db, actor, customerId, 'appointments.manage');
  if (named) return named;
  const { id, firstName, lastName, email, locale } = actor;
  return { id, firstName, lastName, email, locale };
}

// What a booking writes of each new appointment: its own columns but the creation time. A class's row carries a new
// session's id, which the insert keeps only when nobody holds a seat there yet, and the insert numbers the seat.
const { createdAt: _createdAt, ...ownColumns } = appointmentColumns;
const bookedColumns = { ...ownColumns, capacity: appointments.capacity };
type Booked = Required<Pick<typeof appointments.$inferInsert, keyof typeof bookedColumns>>;
const columnNames = Object.values(bookedColumns).map((column) => column.name);

/**
 * The rows go as one JSON array of records, so the statement's text is the same for a series of any length. A class's
 * seat is chosen in the insert (`seatWantedAt`). A row that gets no seat (the class is full, or the customer already
 * holds one at that start) is written without one, which the table refuses (appointments_seat_of_session): the
 * booking fails in the database, so its transaction can be sent whole.
 */
const insertBooked = statement<
  { rows: string },
  { id: string; sessionId: string | null; amountDue: string; createdAt: number; updatedAt: string }
>(
  sql`with r as (
      select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as r(${sql.join(
        Object.values(bookedColumns).map(
          (column) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`,
        ),
        sql`, `,
      )})
    ), picked as (
      select r.*, coalesce(pick."sessionId", r.session_id) as seat_session, pick.seat
      from r left join lateral (${seatWantedAt({
        employeeId: sql`r.employee_id`,
        serviceId: sql`r.service_id`,
        startsAt: sql`r.starts_at`,
        customerId: sql`r.customer_id`,
        newSessionId: sql`r.session_id`,
        capacity: sql`r.capacity`,
        excludeId: sql`null::uuid`,
        // A condition on the outer row alone: PostgreSQL skips the read for an ordinary appointment's row.
        wanted: sql`r.session_id is not null`,
      })}) pick on r.session_id is not null
    )
    insert into ${appointments} (${sql.join(
      columnNames.map((name) => sql.identifier(name)),
      sql`, `,
    )}, seat, ends_at)
    select ${sql.join(
      columnNames.map((name) => (name === appointments.sessionId.name ? sql`seat_session` : sql.identifier(name))),
      sql`, `,
    )}, seat, starts_at + make_interval(mins => duration)
    from picked
    returning ${appointments.id} as id, ${appointments.sessionId} as "sessionId",
      ${appointments.amountDue}::text as "amountDue",
      (extract(epoch from ${appointments.createdAt}) * 1000)::float8 as "createdAt",
      ${isoInstant(appointments.updatedAt)} as "updatedAt"`,
);

/** Writes the appointments, all or (409 when a class has no seat for one of them) none. */
function insertAppointments(tx: Tx, rows: Booked[]) {
  const records = rows.map((row) =>
    Object.fromEntries(Object.entries(bookedColumns).map(([key, column]) => [column.name, row[key as keyof Booked]])),
  );
  return insertBooked(tx, { rows: JSON.stringify(records) });
}

/**
 * A booking paid with a package credit: checked before anything is written (why it cannot pay, said plainly), and
 * the statement that spends one session per occurrence in the booking's transaction, which decides under races.
 */
async function prepaidWithCredit(
  db: Tx,
  use: { creditId: string; customerId: string; serviceId: string; ids: string[]; now: Date },
) {
  await checkCreditForBooking(db, { ...use, occurrences: use.ids.length });
  return { spend: (tx: Tx) => spendCreditSessions(tx, { ...use, appointmentIds: use.ids }) };
}

/**
 * The booking's env at its location: the location asked for (or the service's first), whose time zone its times
 * are in. A service not offered there is refused.
 */
function placedEnv(service: BookableService, locationId: string | null | undefined, env: BookingEnv): BookingEnv {
  const place = placeOf(service, locationId, env.settings);
  if (!place) throw new AppError('BAD_REQUEST', 'This service is not offered at that location.');
  return { ...env, settings: { ...env.settings, timezone: place.timeZone }, place };
}

/** The 409 naming a resource with no free unit at one of the starts, when that is what stands in the way. */
async function noFreeUnit(db: Tx, place: Place, starts: Date[], needed: TimeNeeded) {
  if (!place.resources.length) return undefined;
  for (const start of starts) {
    const span = heldSpanOf(start, needed);
    const needs = await loadResourceNeeds(db, place, { from: span.from.toISOString(), to: span.to.toISOString() });
    const shortage = resourceShortage(needs, span.from, span.to);
    if (shortage) return shortage;
  }
  return undefined;
}

/** Everything a booking decides before it writes: who, what, where, when, with whom (in order) and how it is paid. */
interface BookingPlan {
  env: BookingEnv;
  place: Place;
  service: BookableService;
  people: Map<string, Person>;
  customer: Person;
  starts: Date[];
  ids: string[];
  classOf: ClassOf | undefined;
  unavailable: Map<string, string[]>;
  /** The employees to try, in order. */
  candidates: string[];
  /** The columns every occurrence shares, whoever its employee is. */
  shared: Omit<Booked, 'id' | 'employeeId' | 'startsAt' | 'sessionId' | 'paymentReference'>;
  deposit: DepositPlan;
  credit: { spend(tx: Tx): Promise<unknown> } | null;
  /** Why a class cannot be booked (a seat already held, or full), read when asked. */
  refused(): Promise<AppError | undefined>;
}

/**
 * Books an appointment, or with `repeat` a series of them with one employee. Every start must be an offered slot
 * of the service (for the chosen employee, or for a provider free at all of them when the body names none: the
 * least booked on the first date gets it). A series is written in one transaction, all occurrences or none. The
 * database's no-overlap constraint has the final word under concurrency: its violation is the same 409 as a taken
 * time. A deposit paid by card opens its payment page first (no transaction waits on the provider) and the page
 * is expired again when the booking is not made. What follows a booking (its invitation mails, reminders, activity
 * log entry, calendar push, webhook deliveries) is its event's subscribers'.
 */
export async function bookAppointment(
  db: Tx,
  actor: SessionUser,
  input: BookAppointmentInput,
  booking: BookingEnv,
): Promise<BookingResult> {
  const plan = await planBooking(db, actor, input, booking);
  const { env, service, starts, deposit } = plan;
  // A payment page is not opened for a seat the customer already holds: the refusal is read first.
  const refusal = deposit.provider ? await plan.refused() : undefined;
  if (refusal) throw refusal;
  const payment = deposit.provider
    ? await openDepositPayment(
        deposit.provider,
        {
          firstId: plan.ids[0]!,
          userId: plan.customer.id,
          email: plan.customer.email,
          serviceName: service.name,
          occurrences: starts.length,
          amountDue: deposit.amountDue,
        },
        { ...env, currency: env.settings.currency },
      )
    : null;
  try {
    for (const employeeId of plan.candidates) {
      try {
        const [booked] = await writeBooking(db, plan, employeeId, payment, eventActor(actor));
        return payment ? { ...booked!, paymentUrl: payment.url } : booked!;
      } catch (error) {
        // The last unit of a resource went a moment ago: no other provider can change that.
        const noUnit = resourceRefusal(error, plan.place.resources);
        if (noUnit) throw noUnit;
        // Someone took this employee's time (or the class's last seat) a moment ago: the next provider may have it.
        if (!isConflict(error)) throw error;
      }
    }
    // Every candidate lost a race; a series says which dates went meanwhile.
    const lost = await plan.refused();
    if (lost) throw lost;
    throw notAvailable(
      starts,
      starts.length > 1
        ? await unavailableDates(db, env, starts, service, plan.candidates, plan.classOf)
        : plan.unavailable,
    );
  } catch (error) {
    // Nobody may pay for a booking that was not made.
    if (deposit.provider && payment) await deposit.provider.cancel(payment.reference).catch(() => undefined);
    throw error;
  }
}

/**
 * A booking's plan: the service at its location, the starts, the customer, the employees free at every start (in
 * the order they are tried), how it is paid. Refuses (409) when nobody is free, saying why.
 */
async function planBooking(
  db: Tx,
  actor: SessionUser,
  input: BookAppointmentInput,
  booking: BookingEnv,
): Promise<BookingPlan> {
  const staff = isStaffRole(actor.role);
  const { service, providers, people } = await findServiceWithProviders(db, input.serviceId, {
    includeInactive: staff,
  });
  const env = placedEnv(service, input.locationId, booking);
  const place = env.place!;
  const answers = intakeAnswers(service.questions, input.answers, env.locale);
  const starts = occurrenceStarts(requestedStart(input.dateTime, env.now), input.repeat, env.settings.timezone);
  const chosen = input.employeeId && providers.includes(input.employeeId) ? input.employeeId : null;
  const employeeIds = chosen ? [chosen] : providers;
  const classOf = service.capacity > 1 ? { serviceId: service.id, capacity: service.capacity } : undefined;
  const [customer, unavailable] = await Promise.all([
    bookingCustomer(db, actor, input.customerId),
    unavailableDates(db, env, starts, service, employeeIds, classOf),
  ]);
  // A class that cannot be booked says why (a seat already held, or full) before the general "not available";
  // a seat already held where a session has room is refused when the seat is taken.
  const refused = async () =>
    (classOf && (await classRefusal(db, service.id, starts, employeeIds, service.capacity, customer.id))) || undefined;
  const free = [...unavailable].flatMap(([id, dates]) => (dates.length ? [] : [id]));
  if (!free.length)
    throw (await refused()) || (await noFreeUnit(db, place, starts, service)) || notAvailable(starts, unavailable);
  const ids = starts.map(() => randomUUID());
  // A session of a package pays for each occurrence: nothing is due (docs/packages.md).
  const credit = input.creditId
    ? await prepaidWithCredit(db, {
        creditId: input.creditId,
        customerId: customer.id,
        serviceId: service.id,
        ids,
        now: env.now,
      })
    : null;
  const deposit = credit
    ? { amountDue: '0.00', provider: null }
    : planDeposit(service, {
        payments: env.payments,
        currency: env.settings.currency,
        occurrences: starts.length,
        forThemself: customer.id === actor.id,
      });
  // Staff may book one confirmed; a booking that is already over (completed, cancelled, a no-show) is refused rather
  // than silently made pending. A customer's status is not theirs to set, and is ignored (SPEC's guided page sends one).
  const asked = staff ? input.status : undefined;
  if (asked && asked !== 'pending' && asked !== 'confirmed')
    throw new AppError('BAD_REQUEST', 'A new appointment can only be pending or confirmed.');
  const status: AppointmentStatus = asked ?? 'pending';
  const shared = {
    serviceId: service.id,
    customerId: customer.id,
    locationId: place.id,
    duration: service.duration,
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
    notes: (input.notes ?? input.customerNotes ?? '').trim(),
    answers,
    status,
    sequence: 0,
    seriesId: starts.length > 1 ? randomUUID() : null,
    capacity: classOf?.capacity ?? 1,
    amountDue: deposit.amountDue,
    paymentStatus: (credit
      ? 'prepaid'
      : Number(deposit.amountDue) > 0
        ? 'unpaid'
        : 'not_required') as AppointmentPaymentStatus,
    paymentProvider: deposit.provider?.id ?? null,
  };
  const candidates =
    chosen || free.length === 1 ? free : await inPreferenceOrder(db, env, starts[0]!, service, free, classOf);
  return {
    env,
    place,
    service,
    people,
    customer,
    starts,
    ids,
    classOf,
    unavailable,
    candidates,
    shared,
    deposit,
    credit,
    refused,
  };
}

/**
 * The free employees in the order they are tried when the booking names none: a class fills the session already
 * running before another employee opens one (the slot's order); otherwise the least booked on the date goes first
 * (a stable sort keeps the provider order among equals).
 */
async function inPreferenceOrder(
  db: Tx,
  env: BookingEnv,
  start: Date,
  service: BookableService,
  free: string[],
  classOf: ClassOf | undefined,
): Promise<string[]> {
  if (classOf) return (await freeEmployeesAt(db, env, start, service, free, classOf)).free;
  const date = toZoned(start, env.settings.timezone).date;
  const counts = await bookingsOn(db, date, free, env.settings.timezone);
  return [...free].sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0));
}

/**
 * Writes the booking with one employee, in one round trip (docs/decisions/0017): the lock, the appointments, the
 * package sessions spent, the deposit's hold and the events (with their subscribers' jobs and the deliveries to the
 * endpoints listening, completed from the written rows there). None of the writes needs another's answer; the lock
 * is held only while PostgreSQL writes and commits, and a failure is reported lock and insert first (a taken time is
 * the insert's). Answers the appointments as GET /api/appointments/{id} reads them.
 */
async function writeBooking(
  db: Tx,
  plan: BookingPlan,
  employeeId: string,
  payment: { reference: string } | null,
  by: EventActor,
): Promise<Appointment[]> {
  const { service, place, customer, classOf, deposit } = plan;
  const values: Booked[] = plan.starts.map((startsAt, i) => ({
    ...plan.shared,
    id: plan.ids[i]!,
    employeeId,
    startsAt,
    sessionId: classOf ? sessionIdAt(employeeId, service.id, startsAt) : null,
    paymentReference: payment?.reference ?? null,
  }));
  // A new appointment has sent no reminders; what only the insert decides comes from its answer.
  const madeOf = (
    rows: { id: string; sessionId: string | null; amountDue: string; createdAt: number; updatedAt: string }[],
  ) =>
    values.map((value) => {
      const row = rows.find((r) => r.id === value.id)!;
      return toAppointment({
        ...value,
        sessionId: row.sessionId,
        amountDue: row.amountDue,
        createdAt: new Date(row.createdAt),
        updatedAt: row.updatedAt,
        serviceCapacity: service.capacity,
        remindersSent: [],
        service: { id: service.id, name: service.name, duration: service.duration, price: service.price },
        location: { id: place.id, name: place.name, address: place.address },
        customer,
        employee: plan.people.get(employeeId)!,
      });
    });
  const [, inserted] = await transactionInOneTrip(db, (tx) => [
    lockEmployeeBookings(tx, employeeId, classOf ? 'shared' : 'alone'),
    insertAppointments(tx, values),
    ...(plan.credit ? [plan.credit.spend(tx)] : []),
    ...(deposit.provider && payment ? [holdForDeposit(tx, deposit.provider.id, payment.reference, plan.env.now)] : []),
    // What the insert decides is filled in by publishBooked; these stand for it until then.
    publishBooked(tx, madeOf(values.map((v) => ({ ...v, createdAt: 0, updatedAt: '' }))), by),
  ]);
  return madeOf(inserted);
}

/**
 * Appointments for the caller. Customers (and `scope=mine`) get their own bookings, soonest upcoming first,
 * then past ones newest first. Staff who view appointments get everyone's in time order, filtered by dates of
 * the business time zone, employee and status.
 */
export async function listAppointments(
  db: Tx,
  actor: SessionUser,
  query: AppointmentListQuery,
  env: Pick<BookingEnv, 'settings' | 'now'>,
): Promise<Page<Appointment>> {
  const filters: SQL[] = [];
  const tz = env.settings.timezone;
  if (query.from) filters.push(gte(appointments.startsAt, zonedToInstant(query.from, 0, tz)));
  if (query.to) filters.push(lt(appointments.startsAt, zonedToInstant(addCalendarDays(query.to, 1), 0, tz)));
  if (query.status) filters.push(eq(appointments.status, query.status));
  // A cursor is checked even when the filters match nothing: a bad one is never mistaken for the end.
  const walk = isPaged(query) ? await updatedWalk(db, query, appointments.updatedAt, appointments.id) : undefined;
  if (query.employeeId) {
    if (!isUuid(query.employeeId)) return { items: [], nextCursor: null };
    filters.push(eq(appointments.employeeId, query.employeeId));
  }
  if (query.seriesId) {
    if (!isUuid(query.seriesId)) return { items: [], nextCursor: null };
    filters.push(eq(appointments.seriesId, query.seriesId));
  }
  // A program has no appointments of its own: "mine" would silently be its creator's.
  if (actor.apiKey && query.scope === 'mine') throw new AppError('FORBIDDEN', integrationMessages.notAPerson);
  if (!seesAll(actor) || query.scope === 'mine') filters.push(eq(appointments.customerId, actor.id));
  if (walk) {
    // An integrator's walk: by updatedAt, then id, a page at a time (docs/integrations.md, Reconciliation).
    const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
    const rows = await selectAppointments(db)
      .where(and(walk, ...filters))
      .orderBy(asc(appointments.updatedAt), asc(appointments.id))
      .limit(limit + 1);
    return pageOf(rows.map(toAppointment), limit, 'u', (a) => a.updatedAt);
  }
  if (seesAll(actor) && query.scope !== 'mine') {
    const rows = await selectAppointments(db)
      .where(and(...filters))
      .orderBy(asc(appointments.startsAt), asc(appointments.id));
    return { items: rows.map(toAppointment), nextCursor: null };
  }
  const now = env.now.toISOString();
  const rows = await selectAppointments(db)
    .where(and(...filters))
    .orderBy(
      sql`(${appointments.startsAt} < ${now}::timestamptz)`,
      sql`case when ${appointments.startsAt} >= ${now}::timestamptz then ${appointments.startsAt} end asc`,
      desc(appointments.startsAt),
      asc(appointments.id),
    );
  return { items: rows.map(toAppointment), nextCursor: null };
}

export async function getAppointment(db: Tx, actor: SessionUser, id: string): Promise<Appointment> {
  return toAppointment(await visibleRow(db, actor, id));
}

/**
 * A no-show is a live appointment whose customer did not come: it can only be said once the start has passed.
 * Shared by the calendar's status selector and the employee portal.
 */
export function requireNoShowAllowed(row: { status: AppointmentStatus; startsAt: Date }, now: Date) {
  if (!(liveStatuses as readonly AppointmentStatus[]).includes(row.status))
    throw new AppError(
      'CONFLICT',
      sentence('A {status} appointment cannot be marked as a no-show.', { status: row.status }),
    );
  if (row.startsAt.getTime() > now.getTime()) throw new AppError('CONFLICT', NO_SHOW_TOO_EARLY_MESSAGE);
}

/** The calendar's status selector: staff who edit appointments set any value (a no-show only after the start). */
export async function setAppointmentStatus(
  db: Tx,
  actor: SessionUser,
  id: string,
  status: AppointmentStatus,
  env: BookingEnv,
): Promise<Appointment> {
  const row = await findRow(db, id);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (row.status === status) return toAppointment(row);
  if (status === 'no_show') requireNoShowAllowed(row, env.now);
  try {
    await db.transaction((tx) => setStatusInTransaction(tx, row, status, env, eventActor(actor)));
  } catch (error) {
    // Reopened, it holds its resources again: the last unit may have gone meanwhile, as when booking.
    const here = await appointmentEnv(db, row, env);
    const noUnit = here.place && resourceRefusal(error, here.place.resources);
    if (noUnit) throw noUnit;
    if (isConflict(error))
      throw new AppError(
        'CONFLICT',
        'This appointment overlaps another appointment of the same employee, so it cannot be reopened.',
      );
    throw error;
  }
  return toAppointment((await findRow(db, id))!);
}

/**
 * Moves an appointment from the status it was read with (`row`) to `status` in the caller's transaction, with all
 * that follows from it: a cancellation settles the deposit or package session, a revival takes its seat and spends
 * its given-back session again, and the event says what changed. The calendar's status selector and the employee
 * portal both call it, each after its own checks of who may make which change, so neither can forget a part.
 */
export async function setStatusInTransaction(
  tx: Tx,
  row: Row,
  status: AppointmentStatus,
  env: BookingEnv,
  by: EventActor | null,
) {
  const isLive = (s: AppointmentStatus) => (liveStatuses as readonly AppointmentStatus[]).includes(s);
  const classOf = classOfRow(row);
  const cancelling = status === 'cancelled';
  const reviving = row.status === 'cancelled';
  const sequence = cancelling || reviving ? row.sequence + 1 : row.sequence;
  let seat = {};
  if (row.sessionId && !isLive(row.status) && isLive(status)) {
    // A seat that holds time again needs a free one in its session: its number may have gone to someone else.
    await lockEmployeeBookings(tx, row.employeeId);
    seat = classOf ? await takeSeat(tx, seatRequestOf(row, classOf), row.id) : { sessionId: null, seat: null };
  }
  await tx
    .update(appointments)
    .set({ status, sequence, ...seat, updatedAt: sql`now()` })
    .where(eq(appointments.id, row.id));
  if (cancelling) await settleDepositOnCancel(tx, row, env);
  // A package session the cancellation gave back is spent again: the appointment holds it once more.
  if (reviving && row.paymentStatus === 'prepaid') await spendReturnedSession(tx, row.id, env.now);
  await emitAppointmentEvent(tx, cancelling ? 'appointment.cancelled' : 'appointment.updated', row.id, {
    by,
    // A cancellation or a revival is a new version of the invitation.
    change: { kind: 'status', from: row.status, to: status, ...(sequence !== row.sequence && { sequence }) },
  });
}

/** The class a booked appointment belongs to as its service is now (a service lowered to capacity 1 has none). */
function classOfRow(row: Row): ClassOf | undefined {
  return row.serviceId && row.serviceCapacity && row.serviceCapacity > 1
    ? { serviceId: row.serviceId, capacity: row.serviceCapacity }
    : undefined;
}

function seatRequestOf(row: Row, classOf: ClassOf) {
  return { ...classOf, employeeId: row.employeeId, startsAt: row.startsAt, customerId: row.customerId };
}

/** Staff may change any appointment at any time; the customer only theirs, up to the cancellation notice. */
function requireChangeable(actor: SessionUser, row: Row, env: BookingEnv, permission: Permission) {
  if (staffMayChange(actor, permission)) return;
  if (!isSelf(actor, row.customerId)) {
    if (isSelf(actor, row.employeeId) || seesAll(actor))
      throw new AppError('FORBIDDEN', "You don't have permission to do that.");
    throw new AppError('NOT_FOUND', NOT_FOUND);
  }
  if (!withinCancellationNotice(row.startsAt, env.now, env.settings.cancellationNoticeHours)) {
    throw new AppError('CONFLICT', cancellationNoticeMessage(env.settings.cancellationNoticeHours));
  }
}

/** The live occurrences of a series after `row` (its own later dates), which `scope=series` cancels with it. */
async function laterOccurrences(db: Tx, row: Row): Promise<Row[]> {
  if (!row.seriesId) return [];
  return selectAppointments(db)
    .where(
      and(
        eq(appointments.seriesId, row.seriesId),
        gt(appointments.startsAt, row.startsAt),
        inArray(appointments.status, [...liveStatuses]),
      ),
    )
    .orderBy(asc(appointments.startsAt));
}

/**
 * A paid deposit (or a package session) goes back when the appointment is cancelled at least the cancellation
 * notice before it starts; later (and for a no-show) the business keeps it. Called in the cancelling transaction.
 */
async function settleDepositOnCancel(tx: Tx, row: Row, env: BookingEnv) {
  // A package session goes back to its credit on the same terms (docs/packages.md).
  if (row.paymentStatus === 'prepaid') {
    if (withinCancellationNotice(row.startsAt, env.now, env.settings.cancellationNoticeHours))
      await returnCreditSession(tx, row.id);
    return;
  }
  if (row.paymentStatus !== 'paid') return;
  if (!withinCancellationNotice(row.startsAt, env.now, env.settings.cancellationNoticeHours)) return;
  await refundDeposit(tx, env.payments, row);
}

/**
 * Cancels one appointment in the caller's transaction: the deposit settled and the event, whose subscribers send the
 * cancellation mails, drop the reminders, tell the waitlist and, when staff (`by`) did it, write the activity log.
 */
export async function cancelInTransaction(tx: Tx, row: Row, env: BookingEnv, by: EventActor | null = null) {
  const sequence = row.sequence + 1;
  await tx
    .update(appointments)
    .set({ status: 'cancelled', sequence, updatedAt: sql`now()` })
    .where(eq(appointments.id, row.id));
  await settleDepositOnCancel(tx, row, env);
  await emitAppointmentEvent(tx, 'appointment.cancelled', row.id, { by, change: { kind: 'cancelled', sequence } });
}

/** Cancels an appointment; with `scope=series`, also the later occurrences of its series, in one transaction. */
export async function cancelAppointment(
  db: Tx,
  actor: SessionUser,
  input: CancelInput,
  env: BookingEnv,
): Promise<Appointment> {
  const row = await rowToChange(db, actor, input.id, 'appointments.cancel');
  if (row.status === 'cancelled') throw new AppError('CONFLICT', 'This appointment is already cancelled.');
  if (row.status === 'completed') throw new AppError('CONFLICT', 'A completed appointment cannot be cancelled.');
  // The later occurrences start later still, so the notice that allows this one allows them too.
  requireChangeable(actor, row, env, 'appointments.cancel');
  const rows = input.scope === 'series' ? [row, ...(await laterOccurrences(db, row))] : [row];
  await db.transaction(async (tx) => {
    for (const each of rows) await cancelInTransaction(tx, each, env, eventActor(actor));
  });
  return toAppointment((await findRow(db, row.id))!);
}

/** Moves an appointment to another offered start of the same employee. */
export async function rescheduleAppointment(
  db: Tx,
  actor: SessionUser,
  input: { id: string; dateTime: string },
  env: BookingEnv,
): Promise<Appointment> {
  const row = await rowToChange(db, actor, input.id, 'appointments.edit');
  if (row.status === 'cancelled' || row.status === 'completed') {
    throw new AppError('CONFLICT', sentence('A {status} appointment cannot be rescheduled.', { status: row.status }));
  }
  requireChangeable(actor, row, env, 'appointments.edit');
  const start = requestedStart(input.dateTime, env.now);
  if (start.getTime() === row.startsAt.getTime()) return toAppointment(row);
  // The appointment's own time does not block its move (e.g. half an hour later).
  const classOf = classOfRow(row);
  const here = await appointmentEnv(db, row, env);
  const { free } = await freeEmployeesAt(db, here, start, row, [row.employeeId], classOf, row.id);
  if (!free.length) {
    if (here.place && !classOf) {
      const span = heldSpanOf(start, row);
      const needs = await loadResourceNeeds(
        db,
        here.place,
        { from: span.from.toISOString(), to: span.to.toISOString() },
        row.id,
      );
      const shortage = resourceShortage(needs, span.from, span.to);
      if (shortage) throw shortage;
    }
    const refusal =
      classOf &&
      (await classRefusal(db, classOf.serviceId, [start], [row.employeeId], classOf.capacity, row.customerId));
    throw refusal || new AppError('CONFLICT', SLOT_TAKEN_MESSAGE);
  }
  try {
    await db.transaction(async (tx) => {
      await lockEmployeeBookings(tx, row.employeeId);
      // A seat moves into the session at its new start (or opens one there).
      const seat = classOf
        ? await takeSeat(tx, { ...seatRequestOf(row, classOf), startsAt: start }, row.id)
        : { sessionId: null, seat: null };
      const sequence = row.sequence + 1;
      await tx
        .update(appointments)
        .set({
          startsAt: start,
          endsAt: new Date(start.getTime() + row.duration * 60_000),
          ...seat,
          sequence,
          updatedAt: sql`now()`,
        })
        .where(eq(appointments.id, row.id));
      await emitAppointmentEvent(tx, 'appointment.updated', row.id, {
        by: eventActor(actor),
        change: { kind: 'moved', sequence, from: row.startsAt.toISOString() },
      });
    });
  } catch (error) {
    const noUnit = here.place && resourceRefusal(error, here.place.resources);
    if (noUnit) throw noUnit;
    if (isConflict(error)) throw new AppError('CONFLICT', SLOT_TAKEN_MESSAGE);
    throw error;
  }
  return toAppointment((await findRow(db, row.id))!);
}

/** A booked appointment's env at its own location (its service's resources there); as it was when the service is gone. */
async function appointmentEnv(db: Tx, row: Row, env: BookingEnv): Promise<BookingEnv> {
  if (!row.serviceId) return env;
  const { service } = await findServiceWithProviders(db, row.serviceId, { includeInactive: true });
  const place = placeOf(service, row.locationId, env.settings);
  return place ? { ...env, settings: { ...env.settings, timezone: place.timeZone }, place } : env;
}
