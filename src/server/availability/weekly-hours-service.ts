import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { weeklyHours, users } from '../../../db/schema/index';
import {
  dayLabels,
  dayNames,
  dayNumberOf,
  minutesOf,
  type WeeklyHours,
  type PortalWeeklyHoursChange,
  type PortalWeeklyHours,
} from '../../shared/availability-schema';
import { can, CUSTOMER_ROLE, isSelf } from '../../shared/roles';
import type { Actor } from '../auth/sessions';
import { isUuid } from '../../shared/ids';
import { AppError } from '../app-error';
import { hoursChanged } from '../appointments/waitlist-service';
import { sentence } from '../../shared/i18n/sentence';
import { auditAvailability } from './availability-audit';
import { requireLocations } from '../locations/locations-service';
import { getSettings } from '../settings/settings-service';
import { locationZones, weeklyClashAcrossZones, type Zones } from './windows-across-zones';

export interface WeeklyHoursInput {
  /** Where (absent: the first location). Windows of one day never overlap, whatever their locations. */
  locationId?: string;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  isAvailable: boolean;
}

const weeklyHoursColumns = {
  id: weeklyHours.id,
  employeeId: weeklyHours.employeeId,
  locationId: weeklyHours.locationId,
  dayOfWeek: weeklyHours.dayOfWeek,
  startTime: weeklyHours.startTime,
  endTime: weeklyHours.endTime,
  isAvailable: weeklyHours.isAvailable,
};

// The database answers "09:00:00"; the API speaks "HH:MM".
const hhmm = (time: string) => time.slice(0, 5);

function toWeeklyHours(row: {
  id: string;
  employeeId: string;
  locationId: string;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  isAvailable: boolean;
}): WeeklyHours {
  return { ...row, startTime: hhmm(row.startTime), endTime: hhmm(row.endTime) };
}

function toPortalWeeklyHours(hours: WeeklyHours): PortalWeeklyHours {
  return {
    id: hours.id,
    employeeId: hours.employeeId,
    locationId: hours.locationId,
    dayOfWeek: dayNames[hours.dayOfWeek]!,
    startTime: hours.startTime,
    endTime: hours.endTime,
    isActive: hours.isAvailable,
  };
}

/** A time window's values for a sentence: `{day} {start}-{end}` reads "Monday 09:00-12:00". */
const describe = (w: Pick<WeeklyHoursInput, 'dayOfWeek' | 'startTime' | 'endTime'>) => ({
  day: dayLabels[w.dayOfWeek]!,
  start: w.startTime,
  end: w.endTime,
});

type WindowIn = Pick<WeeklyHoursInput, 'locationId' | 'dayOfWeek' | 'startTime' | 'endTime'>;

/**
 * A day's time windows must each end after they start and must not overlap one another (touching is fine:
 * 09:00-12:00 and 12:00-17:00). Checked on the whole week that would result, so a list and a single
 * addition are judged alike. Windows at locations in one time zone are compared as wall-clock times; with the
 * locations' zones, windows in different zones are compared by the instants they cover (windows-across-zones.ts).
 */
function checkWeek(week: WindowIn[], zones?: Zones) {
  for (const w of week) {
    if (minutesOf(w.endTime) <= minutesOf(w.startTime)) {
      throw new AppError(
        'BAD_REQUEST',
        sentence('{day} {start}-{end}: the end time must be after the start time.', describe(w)),
      );
    }
  }
  // Without the zones (before the locations are read) only each window's own times are judged.
  if (!zones) return;
  const zoneOf = (w: WindowIn) => zones.zoneOf(w.locationId);
  const groups = new Set(week.map((w) => `${w.dayOfWeek} ${zoneOf(w)}`));
  for (const group of groups) {
    const sorted = week
      .filter((w) => `${w.dayOfWeek} ${zoneOf(w)}` === group)
      .sort((a, b) => minutesOf(a.startTime) - minutesOf(b.startTime));
    for (let i = 1; i < sorted.length; i++) {
      const previous = sorted[i - 1]!;
      const current = sorted[i]!;
      if (minutesOf(current.startTime) < minutesOf(previous.endTime)) {
        throw new AppError(
          'BAD_REQUEST',
          sentence(
            '{day} {start}-{end} overlaps {otherStart}-{otherEnd} on the same day. Time slots of one day must not overlap.',
            { ...describe(current), otherStart: previous.startTime, otherEnd: previous.endTime },
          ),
        );
      }
    }
  }
  const clash = weeklyClashAcrossZones(week, zones, new Date());
  if (clash) {
    const [one, other] = clash;
    throw new AppError(
      'BAD_REQUEST',
      sentence(
        '{day} {start}-{end} at {location} overlaps {otherDay} {otherStart}-{otherEnd} at {otherLocation}. Nobody can be at two locations at once.',
        {
          ...describe(other),
          location: zones.nameOf(other.locationId),
          otherDay: dayLabels[one.dayOfWeek]!,
          otherStart: one.startTime,
          otherEnd: one.endTime,
          otherLocation: zones.nameOf(one.locationId),
        },
      ),
    );
  }
}

/** The time zones of the locations, for checkWeek. */
const zonesOf = async (db: Tx) => locationZones(db, await getSettings(db));

/**
 * Whoever edits staff (admins, and API keys given users.edit) changes anyone's availability; an employee only
 * their own, in person.
 */
export function assertMayWrite(actor: Actor, employeeId: string) {
  if (can(actor, 'users.edit') || isSelf(actor, employeeId)) return;
  throw new AppError('FORBIDDEN', 'You can only change your own availability.');
}

/**
 * The employee whose week is read or written must be a staff member. Locks their row inside a write
 * transaction so two saves of the same week run one after the other (the overlap check stays true).
 */
export async function requireEmployee(db: Tx, employeeId: string, lock = false) {
  if (!isUuid(employeeId)) throw new AppError('NOT_FOUND', 'Employee not found');
  const query = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, employeeId), ne(users.role, CUSTOMER_ROLE)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', 'Employee not found');
}

/** One person's weekly hours, by day then start. */
export async function weeklyHoursOf(db: Tx, employeeId: string): Promise<WeeklyHours[]> {
  const rows = await db
    .select(weeklyHoursColumns)
    .from(weeklyHours)
    .where(eq(weeklyHours.employeeId, employeeId))
    .orderBy(asc(weeklyHours.dayOfWeek), asc(weeklyHours.startTime));
  return rows.map(toWeeklyHours);
}

/** Every staff member's weekly hours (GET /employee-availability). */
export async function listAllWeeklyHours(db: Tx): Promise<WeeklyHours[]> {
  const rows = await db
    .select(weeklyHoursColumns)
    .from(weeklyHours)
    .innerJoin(users, eq(users.id, weeklyHours.employeeId))
    .where(ne(users.role, CUSTOMER_ROLE))
    .orderBy(asc(weeklyHours.employeeId), asc(weeklyHours.dayOfWeek), asc(weeklyHours.startTime));
  return rows.map(toWeeklyHours);
}

export async function listEmployeeWeeklyHours(db: Tx, employeeId: string): Promise<WeeklyHours[]> {
  await requireEmployee(db, employeeId);
  return weeklyHoursOf(db, employeeId);
}

/** Replaces an employee's whole week with the list (days left out have no hours afterwards). */
export async function replaceWeeklyHours(
  db: Db,
  actor: Actor,
  employeeId: string,
  week: WeeklyHoursInput[],
): Promise<WeeklyHours[]> {
  assertMayWrite(actor, employeeId);
  checkWeek(week);
  await requireLocations(
    db,
    week.map((w) => w.locationId),
  );
  checkWeek(week, await zonesOf(db));
  return db.transaction(async (tx) => {
    await requireEmployee(tx, employeeId, true);
    await tx.delete(weeklyHours).where(eq(weeklyHours.employeeId, employeeId));
    if (week.length > 0) {
      await tx.insert(weeklyHours).values(
        week.map((w) => ({
          employeeId,
          ...(w.locationId && { locationId: w.locationId }),
          dayOfWeek: w.dayOfWeek,
          startTime: w.startTime,
          endTime: w.endTime,
          isAvailable: w.isAvailable,
        })),
      );
    }
    await hoursChanged(tx, employeeId);
    await auditAvailability(tx, actor, employeeId);
    return weeklyHoursOf(tx, employeeId);
  });
}

/** Adds one time window of weekly hours to a day, refused when it overlaps one the day already has. */
export async function addWeeklyHours(
  db: Db,
  actor: Actor,
  employeeId: string,
  hours: WeeklyHoursInput,
): Promise<WeeklyHours> {
  assertMayWrite(actor, employeeId);
  checkWeek([hours]);
  await requireLocations(db, [hours.locationId]);
  return db.transaction(async (tx) => {
    await requireEmployee(tx, employeeId, true);
    // The whole week: a window in another time zone may meet one of the day before or after.
    checkWeek([...(await weeklyHoursOf(tx, employeeId)), hours], await zonesOf(tx));
    const [row] = await tx
      .insert(weeklyHours)
      .values({
        employeeId,
        ...(hours.locationId && { locationId: hours.locationId }),
        dayOfWeek: hours.dayOfWeek,
        startTime: hours.startTime,
        endTime: hours.endTime,
        isAvailable: hours.isAvailable,
      })
      .returning(weeklyHoursColumns);
    await hoursChanged(tx, employeeId);
    await auditAvailability(tx, actor, employeeId);
    return toWeeklyHours(row!);
  });
}

/** Deletes one time window of weekly hours. Admins any; an employee only their own (403 for another's). */
export async function deleteWeeklyHours(db: Tx, actor: Actor, id: string): Promise<{ success: true; id: string }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Time slot not found');
  const [row] = await db.select({ employeeId: weeklyHours.employeeId }).from(weeklyHours).where(eq(weeklyHours.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Time slot not found');
  assertMayWrite(actor, row.employeeId);
  await db.transaction(async (tx) => {
    await tx.delete(weeklyHours).where(eq(weeklyHours.id, id));
    await auditAvailability(tx, actor, row.employeeId);
  });
  return { success: true, id };
}

// ---------- the employee portal's call: names for days, one of three changes ----------

export async function listPortalWeeklyHours(db: Tx, actor: Actor): Promise<PortalWeeklyHours[]> {
  return (await weeklyHoursOf(db, actor.id)).map(toPortalWeeklyHours);
}

/** Add a time window, clear a day, or delete a time window of the caller's own week; answers the week afterwards. */
export async function changePortalWeeklyHours(
  db: Db,
  actor: Actor,
  input: PortalWeeklyHoursChange,
): Promise<PortalWeeklyHours[]> {
  if (input.action === 'delete') {
    const id = input.id!;
    if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Time slot not found');
    // Another person's weekly hours are not found, as any resource of someone else.
    await db.transaction(async (tx) => {
      const deleted = await tx
        .delete(weeklyHours)
        .where(and(eq(weeklyHours.id, id), eq(weeklyHours.employeeId, actor.id)))
        .returning({ id: weeklyHours.id });
      if (deleted.length === 0) throw new AppError('NOT_FOUND', 'Time slot not found');
      await auditAvailability(tx, actor, actor.id);
    });
  } else if (input.available === false) {
    await db.transaction(async (tx) => {
      await tx
        .delete(weeklyHours)
        .where(and(eq(weeklyHours.employeeId, actor.id), eq(weeklyHours.dayOfWeek, dayNumberOf(input.dayOfWeek!))));
      await auditAvailability(tx, actor, actor.id);
    });
  } else {
    await addWeeklyHours(db, actor, actor.id, {
      locationId: input.locationId,
      dayOfWeek: dayNumberOf(input.dayOfWeek!),
      startTime: input.startTime!,
      endTime: input.endTime!,
      isAvailable: true,
    });
  }
  return listPortalWeeklyHours(db, actor);
}
