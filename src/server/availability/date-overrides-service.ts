import { and, asc, eq, gte, lte, ne, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { dateOverrides, users } from '../../../db/schema/index';
import { minutesOf, type DateOverride } from '../../shared/availability-schema';
import { CUSTOMER_ROLE } from '../../shared/roles';
import type { Actor } from '../auth/sessions';
import { isUuid } from '../../shared/ids';
import { AppError } from '../app-error';
import { hoursChanged } from '../appointments/waitlist-service';
import { getSettings } from '../settings/settings-service';
import { toZoned } from '../booking/zoned-time';
import { sentence } from '../../shared/i18n/sentence';
import { auditAvailability } from './availability-audit';
import { assertMayWrite } from './weekly-hours-service';
import { requireLocations } from '../locations/locations-service';
import { dateClashAcrossZones, locationZones } from './windows-across-zones';

const columns = {
  id: dateOverrides.id,
  employeeId: dateOverrides.employeeId,
  locationId: dateOverrides.locationId,
  date: dateOverrides.date,
  isAvailable: dateOverrides.isAvailable,
  startTime: dateOverrides.startTime,
  endTime: dateOverrides.endTime,
};

type Row = {
  id: string;
  employeeId: string;
  locationId: string;
  date: string;
  isAvailable: boolean;
  startTime: string | null;
  endTime: string | null;
};

const toOverride = (r: Row): DateOverride => ({
  ...r,
  startTime: r.startTime?.slice(0, 5) ?? null,
  endTime: r.endTime?.slice(0, 5) ?? null,
});

export interface OverrideFilter {
  employeeId?: string;
  from?: string;
  to?: string;
}

/** Date overrides (days off and special hours), by date then time; filtered by employee and date range. */
export async function listOverrides(db: Tx, filter: OverrideFilter): Promise<DateOverride[]> {
  if (filter.employeeId !== undefined && !isUuid(filter.employeeId)) return [];
  const where: SQL[] = [ne(users.role, CUSTOMER_ROLE)];
  if (filter.employeeId) where.push(eq(dateOverrides.employeeId, filter.employeeId));
  if (filter.from) where.push(gte(dateOverrides.date, filter.from));
  if (filter.to) where.push(lte(dateOverrides.date, filter.to));
  const rows = await db
    .select(columns)
    .from(dateOverrides)
    .innerJoin(users, eq(users.id, dateOverrides.employeeId))
    .where(and(...where))
    .orderBy(asc(dateOverrides.date), asc(dateOverrides.startTime), asc(dateOverrides.id));
  return rows.map(toOverride);
}

export interface OverrideInput {
  employeeId?: string;
  /** Where the special hours are (absent: the first location). */
  locationId?: string;
  date: string;
  isAvailable: boolean;
  startTime?: string;
  endTime?: string;
}

/**
 * Adds a day off or a window of special hours for one date. A date is either a day off or has its own
 * windows, never both; its windows must not overlap. Admins for anyone, an employee for themself.
 */
export async function createOverride(db: Db, actor: Actor, input: OverrideInput): Promise<DateOverride> {
  // "Myself" means nobody for a program: a key names the employee, as it must when adding weekly hours (400).
  if (!input.employeeId && actor.apiKey) throw new AppError('BAD_REQUEST', 'Please select an employee first.');
  const employeeId = input.employeeId ?? actor.id;
  assertMayWrite(actor, employeeId);
  if (!isUuid(employeeId)) throw new AppError('NOT_FOUND', 'Employee not found');
  await requireLocations(db, [input.locationId]);
  const settings = await getSettings(db);
  const zones = await locationZones(db, settings);
  if (input.date < toZoned(new Date(), zones.zoneOf(input.locationId)).date)
    throw new AppError('BAD_REQUEST', 'The date is in the past. Please choose today or a later date.');

  return db.transaction(async (tx) => {
    // Locks the employee so two additions for one date are judged one after the other.
    const [employee] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, employeeId), ne(users.role, CUSTOMER_ROLE)))
      .for('update');
    if (!employee) throw new AppError('NOT_FOUND', 'Employee not found');
    const sameDate = (
      await tx
        .select(columns)
        .from(dateOverrides)
        .where(and(eq(dateOverrides.employeeId, employeeId), eq(dateOverrides.date, input.date)))
    ).map(toOverride);
    if (!input.isAvailable && sameDate.length > 0) {
      throw new AppError(
        'CONFLICT',
        sameDate.some((o) => !o.isAvailable)
          ? sentence('{date} is already a day off.', { date: input.date })
          : sentence('{date} already has special hours. Remove them first to make it a day off.', { date: input.date }),
      );
    }
    if (input.isAvailable) {
      if (sameDate.some((o) => !o.isAvailable))
        throw new AppError(
          'CONFLICT',
          sentence('{date} is a day off. Remove the day off first to add special hours.', { date: input.date }),
        );
      const start = minutesOf(input.startTime!);
      const end = minutesOf(input.endTime!);
      // Wall-clock times within one time zone; across zones the instants of that date (windows-across-zones.ts).
      const zone = zones.zoneOf(input.locationId);
      const clash = sameDate.find(
        (o) => zones.zoneOf(o.locationId) === zone && start < minutesOf(o.endTime!) && minutesOf(o.startTime!) < end,
      );
      const added = { locationId: input.locationId, startTime: input.startTime!, endTime: input.endTime! };
      const across = dateClashAcrossZones(
        input.date,
        [...sameDate.map((o) => ({ locationId: o.locationId, startTime: o.startTime!, endTime: o.endTime! })), added],
        zones,
      );
      const other = across?.find((w) => w !== added);
      if (!clash && other) {
        throw new AppError(
          'BAD_REQUEST',
          sentence(
            '{date} {start}-{end} at {location} overlaps {otherStart}-{otherEnd} at {otherLocation}. Nobody can be at two locations at once.',
            {
              date: input.date,
              start: input.startTime!,
              end: input.endTime!,
              location: zones.nameOf(input.locationId),
              otherStart: other.startTime,
              otherEnd: other.endTime,
              otherLocation: zones.nameOf(other.locationId),
            },
          ),
        );
      }
      if (clash) {
        throw new AppError(
          'BAD_REQUEST',
          sentence('{date} {start}-{end} overlaps {otherStart}-{otherEnd} on the same date.', {
            date: input.date,
            start: input.startTime!,
            end: input.endTime!,
            otherStart: clash.startTime!,
            otherEnd: clash.endTime!,
          }),
        );
      }
    }
    const [row] = await tx
      .insert(dateOverrides)
      .values({
        employeeId,
        ...(input.locationId && { locationId: input.locationId }),
        date: input.date,
        isAvailable: input.isAvailable,
        startTime: input.isAvailable ? input.startTime! : null,
        endTime: input.isAvailable ? input.endTime! : null,
      })
      .returning(columns);
    // Special hours may give the date more time than its weekly hours did.
    if (input.isAvailable) await hoursChanged(tx, employeeId, input.date);
    await auditAvailability(tx, actor, employeeId, input.date);
    return toOverride(row!);
  });
}

export async function deleteOverride(db: Tx, actor: Actor, id: string): Promise<{ success: true; id: string }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Date override not found');
  const [row] = await db
    .select({ employeeId: dateOverrides.employeeId, date: dateOverrides.date })
    .from(dateOverrides)
    .where(eq(dateOverrides.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Date override not found');
  assertMayWrite(actor, row.employeeId);
  await db.transaction(async (tx) => {
    await tx.delete(dateOverrides).where(eq(dateOverrides.id, id));
    // The date goes back to its weekly hours: a day off that ends opens them.
    await hoursChanged(tx, row.employeeId, row.date);
    await auditAvailability(tx, actor, row.employeeId, row.date);
  });
  return { success: true, id };
}
