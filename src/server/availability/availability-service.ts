import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { availability, users } from '../../../db/schema/index';
import {
  dayLabels,
  dayNames,
  dayNumberOf,
  minutesOf,
  type AvailabilityEntry,
  type PortalAvailabilityInput,
  type PortalSlot,
} from '../../shared/availability-schema';
import { CUSTOMER_ROLE, isAdmin } from '../../shared/roles';
import type { SessionUser } from '../auth/sessions';
import { isUuid } from '../../shared/ids';
import { AppError } from '../app-error';
import { hoursChanged } from '../appointments/waitlist-service';

type Actor = Pick<SessionUser, 'id' | 'role'>;

export interface WindowInput {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  isAvailable: boolean;
}

const entryColumns = {
  id: availability.id,
  employeeId: availability.employeeId,
  dayOfWeek: availability.dayOfWeek,
  startTime: availability.startTime,
  endTime: availability.endTime,
  isAvailable: availability.isAvailable,
};

// The database answers "09:00:00"; the API speaks "HH:MM".
const hhmm = (time: string) => time.slice(0, 5);

function toEntry(row: {
  id: string;
  employeeId: string;
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  isAvailable: boolean;
}): AvailabilityEntry {
  return { ...row, startTime: hhmm(row.startTime), endTime: hhmm(row.endTime) };
}

function toPortalSlot(entry: AvailabilityEntry): PortalSlot {
  return {
    id: entry.id,
    employeeId: entry.employeeId,
    dayOfWeek: dayNames[entry.dayOfWeek]!,
    startTime: entry.startTime,
    endTime: entry.endTime,
    isActive: entry.isAvailable,
  };
}

const describe = (w: Pick<WindowInput, 'dayOfWeek' | 'startTime' | 'endTime'>) =>
  `${dayLabels[w.dayOfWeek]} ${w.startTime}-${w.endTime}`;

/**
 * A day's windows must each end after they start and must not overlap one another (touching is fine:
 * 09:00-12:00 and 12:00-17:00). Checked on the whole week that would result, so a list and a single
 * addition are judged alike.
 */
function checkWeek(windows: Pick<WindowInput, 'dayOfWeek' | 'startTime' | 'endTime'>[]) {
  for (const w of windows) {
    if (minutesOf(w.endTime) <= minutesOf(w.startTime)) {
      throw new AppError('BAD_REQUEST', `${describe(w)}: the end time must be after the start time.`);
    }
  }
  for (let day = 0; day < 7; day++) {
    const sorted = windows
      .filter((w) => w.dayOfWeek === day)
      .sort((a, b) => minutesOf(a.startTime) - minutesOf(b.startTime));
    for (let i = 1; i < sorted.length; i++) {
      const previous = sorted[i - 1]!;
      const current = sorted[i]!;
      if (minutesOf(current.startTime) < minutesOf(previous.endTime)) {
        throw new AppError(
          'BAD_REQUEST',
          `${describe(current)} overlaps ${previous.startTime}-${previous.endTime} on the same day. Time slots of one day must not overlap.`,
        );
      }
    }
  }
}

/** Admins change anyone's availability; an employee only their own. */
function assertMayWrite(actor: Actor, employeeId: string) {
  if (isAdmin(actor) || actor.id === employeeId) return;
  throw new AppError('FORBIDDEN', 'You can only change your own availability.');
}

/**
 * The employee whose week is read or written must be a staff member. Locks their row inside a write
 * transaction so two saves of the same week run one after the other (the overlap check stays true).
 */
async function requireEmployee(db: Tx, employeeId: string, lock = false) {
  if (!isUuid(employeeId)) throw new AppError('NOT_FOUND', 'Employee not found');
  const query = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, employeeId), ne(users.role, CUSTOMER_ROLE)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', 'Employee not found');
}

async function weekOf(db: Tx, employeeId: string): Promise<AvailabilityEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(availability)
    .where(eq(availability.employeeId, employeeId))
    .orderBy(asc(availability.dayOfWeek), asc(availability.startTime));
  return rows.map(toEntry);
}

/** Every staff member's weekly windows (GET /employee-availability). */
export async function listAllAvailability(db: Tx): Promise<AvailabilityEntry[]> {
  const rows = await db
    .select(entryColumns)
    .from(availability)
    .innerJoin(users, eq(users.id, availability.employeeId))
    .where(ne(users.role, CUSTOMER_ROLE))
    .orderBy(asc(availability.employeeId), asc(availability.dayOfWeek), asc(availability.startTime));
  return rows.map(toEntry);
}

export async function listEmployeeAvailability(db: Tx, employeeId: string): Promise<AvailabilityEntry[]> {
  await requireEmployee(db, employeeId);
  return weekOf(db, employeeId);
}

/** Replaces an employee's whole week with the list (days left out have no windows afterwards). */
export async function replaceEmployeeAvailability(
  db: Db,
  actor: Actor,
  employeeId: string,
  windows: WindowInput[],
): Promise<AvailabilityEntry[]> {
  assertMayWrite(actor, employeeId);
  checkWeek(windows);
  return db.transaction(async (tx) => {
    await requireEmployee(tx, employeeId, true);
    await tx.delete(availability).where(eq(availability.employeeId, employeeId));
    if (windows.length > 0) {
      await tx.insert(availability).values(
        windows.map((w) => ({
          employeeId,
          dayOfWeek: w.dayOfWeek,
          startTime: w.startTime,
          endTime: w.endTime,
          isAvailable: w.isAvailable,
        })),
      );
    }
    await hoursChanged(tx, employeeId);
    return weekOf(tx, employeeId);
  });
}

/** Adds one window to a day, refused when it overlaps one the day already has. */
export async function addAvailabilityWindow(
  db: Db,
  actor: Actor,
  employeeId: string,
  window: WindowInput,
): Promise<AvailabilityEntry> {
  assertMayWrite(actor, employeeId);
  checkWeek([window]);
  return db.transaction(async (tx) => {
    await requireEmployee(tx, employeeId, true);
    const existing = await weekOf(tx, employeeId);
    checkWeek([...existing.filter((e) => e.dayOfWeek === window.dayOfWeek), window]);
    const [row] = await tx
      .insert(availability)
      .values({
        employeeId,
        dayOfWeek: window.dayOfWeek,
        startTime: window.startTime,
        endTime: window.endTime,
        isAvailable: window.isAvailable,
      })
      .returning(entryColumns);
    await hoursChanged(tx, employeeId);
    return toEntry(row!);
  });
}

/** Deletes one window. Admins any; an employee only their own (403 for another's). */
export async function deleteAvailabilityWindow(
  db: Tx,
  actor: Actor,
  id: string,
): Promise<{ success: true; id: string }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Time slot not found');
  const [row] = await db
    .select({ employeeId: availability.employeeId })
    .from(availability)
    .where(eq(availability.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Time slot not found');
  assertMayWrite(actor, row.employeeId);
  await db.delete(availability).where(eq(availability.id, id));
  return { success: true, id };
}

// ---------- the employee portal's call: names for days, one of three changes ----------

export async function listPortalSlots(db: Tx, actor: Actor): Promise<PortalSlot[]> {
  return (await weekOf(db, actor.id)).map(toPortalSlot);
}

/** Add a window, clear a day, or delete a window of the caller's own week; answers the week afterwards. */
export async function changePortalAvailability(
  db: Db,
  actor: Actor,
  input: PortalAvailabilityInput,
): Promise<PortalSlot[]> {
  if (input.action === 'delete') {
    const id = input.id!;
    if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Time slot not found');
    // Another person's window is not found, as any resource of someone else.
    const deleted = await db
      .delete(availability)
      .where(and(eq(availability.id, id), eq(availability.employeeId, actor.id)))
      .returning({ id: availability.id });
    if (deleted.length === 0) throw new AppError('NOT_FOUND', 'Time slot not found');
  } else if (input.available === false) {
    await db
      .delete(availability)
      .where(and(eq(availability.employeeId, actor.id), eq(availability.dayOfWeek, dayNumberOf(input.dayOfWeek!))));
  } else {
    await addAvailabilityWindow(db, actor, actor.id, {
      dayOfWeek: dayNumberOf(input.dayOfWeek!),
      startTime: input.startTime!,
      endTime: input.endTime!,
      isAvailable: true,
    });
  }
  return listPortalSlots(db, actor);
}
