import { asc, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { statement, type Tx } from '../../../db/client';
import {
  appointments,
  weeklyHours,
  dateOverrides,
  externalBusy,
  businessSettings,
  locations,
  resourceHolds,
  resources,
  serviceLocations,
  serviceProviders,
  serviceResources,
  services,
  users,
} from '../../../db/schema/index';
import { liveStatuses } from '../../shared/appointment-schema';
import type { Deposit, ServiceQuestion } from '../../shared/catalog';
import type { BusinessSettings } from '../../shared/settings';
import { depositOf } from '../catalog/catalog-rows';
import { isActiveStaff } from '../catalog/provider-service';
import {
  computeSlots,
  type BusyInterval,
  type DateOverride,
  type ResourceNeed,
  type Slot,
  type SlotData,
  type SlotRules,
  type WeeklyHours,
} from '../booking/slots';
import { zonedToInstant } from '../booking/zoned-time';
import { addCalendarDays } from '../../shared/date-key';
import { isUuid } from '../../shared/ids';
import type { Locale } from '../../shared/i18n/locales';
import { AppError } from '../app-error';

/** Reads what the pure slot computation needs for one date from the database. */

/** A location a service is offered at, as booking needs it: its zone, and the resources the service needs there. */
export interface Place {
  id: string;
  name: string;
  address: string;
  timeZone: string;
  resources: { id: string; name: string; quantity: number }[];
}

export interface BookableService {
  id: string;
  name: string;
  duration: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  capacity: number;
  price: string;
  deposit: Deposit;
  isActive: boolean;
  questions: ServiceQuestion[];
  /** Where it is offered, in location order (active locations only). */
  places: Place[];
}

const SERVICE_NOT_FOUND = 'Service not found';

/** A person as a booking's mails name them (its providers, its customer). */
export interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  locale: Locale | null;
}

export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  locale: users.locale,
};

/** Every active staff member, in a stable order: who performs a service that names nobody. */
const allActiveStaff = (db: Tx): Promise<Person[]> =>
  db
    .select(personColumns)
    .from(users)
    .where(isActiveStaff)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));

/**
 * The service and its providers (their ids in order, and each as a booking's mails name them): its linked active
 * staff, or every active staff member when it names nobody. One round trip (plus one more only for a service that
 * names nobody): this runs on every slots call and every booking.
 */
export async function findServiceWithProviders(
  db: Tx,
  serviceId: string,
  opts: { includeInactive: boolean },
): Promise<{ service: BookableService; providers: string[]; people: Map<string, Person> }> {
  if (!isUuid(serviceId)) throw new AppError('NOT_FOUND', SERVICE_NOT_FOUND);
  const [row] = await readServiceWithProviders(db, { serviceId });
  if (!row || (!row.isActive && !opts.includeInactive)) throw new AppError('NOT_FOUND', SERVICE_NOT_FOUND);
  const { linked, namesProviders, depositType, depositAmount, ...columns } = row;
  const service = { ...columns, deposit: depositOf({ depositType, depositAmount }) };
  // A service that names people is performed by those of them still active, none when none is: never by everyone.
  const providers = namesProviders ? linked : await allActiveStaff(db);
  return { service, providers: providers.map((p) => p.id), people: new Map(providers.map((p) => [p.id, p])) };
}

const readServiceWithProviders = statement<
  { serviceId: string },
  Omit<BookableService, 'deposit'> & Parameters<typeof depositOf>[0] & { linked: Person[]; namesProviders: boolean }
>(
  // A location's null name or time zone is the business's (docs/locations.md).

  sql`select ${services.id} as id, ${services.name} as name, ${services.duration} as duration,
      ${services.bufferBeforeMinutes} as "bufferBeforeMinutes", ${services.bufferAfterMinutes} as "bufferAfterMinutes",
      ${services.capacity} as capacity, ${services.price}::text as price, ${services.depositType} as "depositType",
      ${services.depositAmount}::text as "depositAmount", ${services.isActive} as "isActive",
      ${services.questions} as questions,
      (select coalesce(json_agg(json_build_object('id', ${users.id}, 'firstName', ${users.firstName},
          'lastName', ${users.lastName}, 'email', ${users.email}, 'locale', ${users.locale})
          order by ${users.firstName}, ${users.lastName}, ${users.id}), '[]')
        from ${serviceProviders} join ${users} on ${users.id} = ${serviceProviders.employeeId}
        where ${serviceProviders.serviceId} = ${services.id} and ${isActiveStaff}) as linked,
      exists (select 1 from ${serviceProviders} where ${serviceProviders.serviceId} = ${services.id})
        as "namesProviders",
      (select coalesce(json_agg(json_build_object('id', ${locations.id},
          'name', coalesce(${locations.name}, ${businessSettings.businessName}), 'address', ${locations.address},
          'timeZone', coalesce(${locations.timeZone}, ${businessSettings.timezone}),
          'resources', (select coalesce(json_agg(json_build_object('id', ${resources.id}, 'name', ${resources.name},
              'quantity', ${resources.quantity}) order by ${resources.id}), '[]')
            from ${serviceResources} join ${resources} on ${resources.id} = ${serviceResources.resourceId}
            where ${serviceResources.serviceId} = ${services.id} and ${resources.locationId} = ${locations.id}))
          order by ${locations.position}, ${locations.createdAt}, ${locations.id}), '[]')
        from ${locations} left join ${businessSettings} on ${businessSettings.id} = 1
        where ${locations.isActive} and (not exists (select 1 from ${serviceLocations}
            where ${serviceLocations.serviceId} = ${services.id})
          or exists (select 1 from ${serviceLocations} where ${serviceLocations.serviceId} = ${services.id}
            and ${serviceLocations.locationId} = ${locations.id}))) as places
    from ${services} where ${services.id} = ${sql.placeholder('serviceId')}::uuid`,
);

/** The people who perform a service, in the order slots list them. */
export async function listBookingProviders(db: Tx, serviceId: string, opts: { includeInactive: boolean }) {
  const { providers: ids } = await findServiceWithProviders(db, serviceId, opts);
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!).filter(Boolean);
}

/**
 * Availability and the held spans of live appointments (and the busy times synced from their own calendars, which
 * block like appointments) of some employees around one date (the day either side
 * covers DST, long services and buffers of up to 240 minutes). A booking's check of one start passes `heldSpan`,
 * the span its appointment would hold: only the spans meeting it can decide that start, and reading just those
 * keeps a booking's read small however full the days around it are.
 */
export async function loadSlotData(
  db: Tx,
  date: string,
  employeeIds: string[],
  timeZone: string,
  opts: { excludeAppointmentId?: string; heldSpan?: { from: Date; to: Date }; place?: Place } = {},
): Promise<SlotData> {
  const locationId = opts.place?.id;
  if (employeeIds.length === 0) return { employeeIds, weekly: [], overrides: [], busy: [], locationId };
  const values = { employeeIds, date, excludeAppointmentId: opts.excludeAppointmentId ?? null };
  const span = opts.heldSpan
    ? { from: opts.heldSpan.from.toISOString(), to: opts.heldSpan.to.toISOString() }
    : {
        from: zonedToInstant(addCalendarDays(date, -1), 0, timeZone).toISOString(),
        to: zonedToInstant(addCalendarDays(date, 2), 0, timeZone).toISOString(),
      };
  const [[row], resources] = await Promise.all([
    opts.heldSpan ? readSlotDataMeeting(db, { ...values, ...span }) : readSlotData(db, { ...values, ...span }),
    loadResourceNeeds(db, opts.place, span, values.excludeAppointmentId),
  ]);
  const { weekly, overrides } = row!;
  const busy = row!.busy.map((held) => ({
    ...held,
    heldStartsAt: new Date(held.heldStartsAt),
    heldEndsAt: new Date(held.heldEndsAt),
    startsAt: new Date(held.startsAt),
  }));
  return { employeeIds, weekly, overrides, busy, locationId, resources };
}

/** The resources a booking at a place needs, each with the units held between two instants. */
export async function loadResourceNeeds(
  db: Tx,
  place: Place | undefined,
  span: { from: string; to: string },
  excludeAppointmentId: string | null = null,
): Promise<ResourceNeed[]> {
  const needs = place?.resources ?? [];
  if (!needs.length) return [];
  const holds = await readResourceHolds(db, { resourceIds: needs.map((r) => r.id), ...span, excludeAppointmentId });
  return needs.map((need) => ({
    ...need,
    holds: holds
      .filter((h) => h.resourceId === need.id)
      .map((h) => ({
        unit: h.unit,
        sessionKey: h.sessionKey,
        heldStartsAt: new Date(Number(h.heldStartsAt)),
        heldEndsAt: new Date(Number(h.heldEndsAt)),
      })),
  }));
}

const ms = (column: AnyColumn) => sql`(extract(epoch from ${column}) * 1000)::bigint`;

/** The units of some resources held between two instants (through the no-overlap constraint's index). */
const readResourceHolds = statement<
  { resourceIds: string[]; from: string; to: string; excludeAppointmentId: string | null },
  { resourceId: string; unit: number; sessionKey: string; heldStartsAt: number; heldEndsAt: number }
>(
  sql`select ${resourceHolds.resourceId} as "resourceId", ${resourceHolds.unit} as unit,
      ${resourceHolds.sessionKey} as "sessionKey", ${ms(resourceHolds.heldStartsAt)} as "heldStartsAt",
      ${ms(resourceHolds.heldEndsAt)} as "heldEndsAt"
    from ${resourceHolds}
    where ${resourceHolds.resourceId} = any(${sql.placeholder('resourceIds')}::uuid[])
      and tstzrange(${resourceHolds.heldStartsAt}, ${resourceHolds.heldEndsAt})
        && tstzrange(${sql.placeholder('from')}::timestamptz, ${sql.placeholder('to')}::timestamptz)
      and (${sql.placeholder('excludeAppointmentId')}::uuid is null
        or ${resourceHolds.appointmentId} <> ${sql.placeholder('excludeAppointmentId')}::uuid)`,
);

/** A slot read's values in its statement's text: as parameters, or each behind a one-row subquery (`hidden`). */
interface SlotReadValues {
  employeeIds: SQL;
  date: SQL;
  from: SQL;
  to: SQL;
  excludeAppointmentId: SQL;
}

const valuesOf = (wrap: (value: SQL, type: string) => SQL): SlotReadValues => ({
  employeeIds: wrap(sql`${sql.placeholder('employeeIds')}`, 'uuid[]'),
  date: wrap(sql`${sql.placeholder('date')}`, 'date'),
  from: wrap(sql`${sql.placeholder('from')}`, 'timestamptz'),
  to: wrap(sql`${sql.placeholder('to')}`, 'timestamptz'),
  excludeAppointmentId: wrap(sql`${sql.placeholder('excludeAppointmentId')}`, 'uuid'),
});

/**
 * The three reads in one statement (every booking and every slots call runs it): three statements cost three
 * round trips on three connections and about three times the driver's work. A class's seats share their
 * session's span: one row per session with its seat count, so a full day of classes is a few rows, not one per
 * customer. Instants travel as milliseconds, which read the same on either driver in any session time zone.
 * `heldSpansMeeting` picks the spans between `from` and `to`, and the index that finds them.
 */
function slotDataStatement(v: SlotReadValues, heldSpansMeeting: (from: SQL, to: SQL) => SQL) {
  return statement<
    { employeeIds: string[]; date: string; from: string; to: string; excludeAppointmentId: string | null },
    { weekly: WeeklyHours[]; overrides: DateOverride[]; busy: BusyRow[] }
  >(
    sql`select
    (select coalesce(json_agg(json_build_object(
        'employeeId', ${weeklyHours.employeeId}, 'locationId', ${weeklyHours.locationId}, 'dayOfWeek', ${weeklyHours.dayOfWeek},
        'startTime', ${weeklyHours.startTime}, 'endTime', ${weeklyHours.endTime},
        'isAvailable', ${weeklyHours.isAvailable})), '[]')
      from ${weeklyHours} where ${weeklyHours.employeeId} = any(${v.employeeIds})) as weekly,
    (select coalesce(json_agg(json_build_object(
        'employeeId', ${dateOverrides.employeeId}, 'locationId', ${dateOverrides.locationId}, 'date', ${dateOverrides.date},
        'isAvailable', ${dateOverrides.isAvailable},
        'startTime', ${dateOverrides.startTime}, 'endTime', ${dateOverrides.endTime})), '[]')
      from ${dateOverrides}
      where ${dateOverrides.employeeId} = any(${v.employeeIds})
        and ${dateOverrides.date} = ${v.date}) as overrides,
    (select coalesce(json_agg(held), '[]') from (
      select ${appointments.employeeId} as "employeeId", ${ms(appointments.heldStartsAt)} as "heldStartsAt",
        ${ms(appointments.heldEndsAt)} as "heldEndsAt", ${appointments.sessionId} as "sessionId",
        ${appointments.serviceId} as "serviceId", ${ms(appointments.startsAt)} as "startsAt", count(*)::int as seats
      from ${appointments}
      where ${appointments.employeeId} = any(${v.employeeIds})
        and ${liveStatusLiterals}
        and ${heldSpansMeeting(v.from, v.to)}
        and (${v.excludeAppointmentId} is null or ${appointments.id} <> ${v.excludeAppointmentId})
      group by ${appointments.employeeId}, ${appointments.heldStartsAt}, ${appointments.heldEndsAt},
        ${appointments.sessionId}, ${appointments.serviceId}, ${appointments.startsAt}
      union all
      select ${externalBusy.employeeId}, ${ms(externalBusy.startsAt)}, ${ms(externalBusy.endsAt)}, null, null,
        ${ms(externalBusy.startsAt)}, 1
      from ${externalBusy}
      where ${externalBusy.employeeId} = any(${v.employeeIds})
        and tstzrange(${externalBusy.startsAt}, ${externalBusy.endsAt}) && tstzrange(${v.from}, ${v.to})) held) as busy`,
  );
}

// Written out rather than as parameters: a prepared statement's generic plan can use the no-overlap index, which
// holds live appointments only, just when the statement itself says the status is a live one.
export const liveStatusLiterals = sql`${appointments.status} in (${sql.raw(liveStatuses.map((s) => `'${s}'`).join(', '))})`;

// Around a date (three days): found by employee, through the index on (employee, start), then filtered. Through
// the no-overlap index, a read this wide would go through every employee's spans of those days. Its values are
// parameters, so PostgreSQL plans it for them at each call: a plan made without them (a generic plan) guesses ten
// employees and reads the whole table.
const readSlotData = slotDataStatement(
  valuesOf((value, type) => sql`${value}::${sql.raw(type)}`),
  (from, to) => sql`${appointments.heldStartsAt} < ${to} and ${appointments.heldEndsAt} > ${from}`,
);

// Meeting one held span (a booking's check): found by the span through the no-overlap index (the same range
// expression), which reads only the few spans near it, where the employee's index would read all of their
// appointments. This plan is good whatever the values, and planning it took longer than running it (0.2 ms
// against 0.1). Given the values as parameters, PostgreSQL plans afresh at every call: the plans it makes knowing
// them are estimated cheaper than one made without, so it never settles on the latter. Behind one-row subqueries,
// the values are unknown to every plan alike, and from the sixth call on a connection it keeps one plan.
// The cast after the subquery keeps `any(...)` reading one array rather than a subquery's rows.
const hidden = (value: SQL, type: string) => sql`(select ${value}::${sql.raw(type)})::${sql.raw(type)}`;
const readSlotDataMeeting = slotDataStatement(
  valuesOf(hidden),
  (from, to) => sql`tstzrange(${appointments.heldStartsAt}, ${appointments.heldEndsAt}) && tstzrange(${from}, ${to})`,
);

/** A held span as the slot read sends it: its instants in milliseconds. */
type BusyRow = Omit<BusyInterval, 'heldStartsAt' | 'heldEndsAt' | 'startsAt'> & {
  heldStartsAt: number;
  heldEndsAt: number;
  startsAt: number;
};

/** What one appointment takes: its duration and the buffers that make up its held span. */
export interface TimeNeeded {
  duration: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

/** The span an appointment at `start` holds: its time and the buffers either side. */
export function heldSpanOf(start: Date, needed: TimeNeeded): { from: Date; to: Date } {
  return {
    from: new Date(start.getTime() - needed.bufferBeforeMinutes * 60_000),
    to: new Date(start.getTime() + (needed.duration + needed.bufferAfterMinutes) * 60_000),
  };
}

/** The class a booking would join seats of: its service and how many customers share one start. */
export interface ClassOf {
  serviceId: string;
  capacity: number;
}

export function slotRules(settings: BusinessSettings, now: Date, needed: TimeNeeded, classOf?: ClassOf): SlotRules {
  return {
    ...classOf,
    timeZone: settings.timezone,
    now,
    durationMinutes: needed.duration,
    bufferBeforeMinutes: needed.bufferBeforeMinutes,
    bufferAfterMinutes: needed.bufferAfterMinutes,
    noticeMinutes: settings.bookingNoticeMinutes,
    bookingWindowDays: settings.bookingWindowDays,
  };
}

/** The offered starts of one date for a service, optionally for one employee (none when they don't provide it). */
export async function slotsFor(
  db: Tx,
  settings: BusinessSettings,
  now: Date,
  query: {
    serviceId: string;
    date: string;
    employeeId?: string | null;
    locationId?: string | null;
    includeInactive: boolean;
  },
): Promise<(Slot & { locationId: string })[]> {
  const { service, providers } = await findServiceWithProviders(db, query.serviceId, {
    includeInactive: query.includeInactive,
  });
  const place = placeOf(service, query.locationId, settings);
  if (!place) return [];
  const employeeIds = query.employeeId ? providers.filter((id) => id === query.employeeId) : providers;
  const data = await loadSlotData(db, query.date, employeeIds, place.timeZone, { place });
  const slots = computeSlots(
    query.date,
    slotRules({ ...settings, timezone: place.timeZone }, now, service, {
      serviceId: service.id,
      capacity: service.capacity,
    }),
    data,
  );
  return slots.map((slot) => ({ ...slot, locationId: place.id }));
}

/**
 * Where a booking of the service takes place: the location asked for when the service is offered there, or its
 * first location when none is asked (a business with one location never asks); undefined when it is not offered
 * at the one asked for. Null names and time zones of the row read follow the business settings.
 */
export function placeOf(
  service: BookableService,
  locationId: string | null | undefined,
  settings: Pick<BusinessSettings, 'businessName' | 'timezone'>,
): Place | undefined {
  const place = locationId ? service.places.find((p) => p.id === locationId) : service.places[0];
  if (!place) return undefined;
  return { ...place, name: place.name ?? settings.businessName, timeZone: place.timeZone ?? settings.timezone };
}
