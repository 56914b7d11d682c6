import { and, asc, eq, gt, inArray, max, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client';
import {
  appointments,
  locations,
  resources,
  serviceLocations,
  serviceResources,
  services,
} from '../../../db/schema/index';
import { liveStatuses } from '../../shared/appointment-schema';
import {
  LAST_LOCATION_MESSAGE,
  LOCATION_IN_USE_MESSAGE,
  LOCATION_NOT_FOUND,
  RESOURCE_NOT_FOUND,
  type CreateLocationInput,
  type CreateResourceInput,
  type Location,
  type Resource,
  type UpdateLocationInput,
  type UpdateResourceInput,
} from '../../shared/location-schema';
import type { BusinessSettings } from '../../shared/settings';
import { isUuid } from '../../shared/ids';
import { sentence } from '../../shared/i18n/sentence';
import type { SessionUser } from '../auth/sessions';
import { AppError } from '../app-error';
import { recordAudit } from '../audit/audit';

/**
 * Locations and resources (docs/locations.md). A location whose name or time zone is null follows the business
 * settings: the one the migration made for an existing business, so a one-location business sees no change.
 */

const locationColumns = {
  id: locations.id,
  name: locations.name,
  address: locations.address,
  timeZone: locations.timeZone,
  isActive: locations.isActive,
};
type LocationRow = { id: string; name: string | null; address: string; timeZone: string | null; isActive: boolean };

function toLocation(row: LocationRow, settings: Pick<BusinessSettings, 'businessName' | 'timezone'>): Location {
  return {
    id: row.id,
    name: row.name ?? settings.businessName,
    address: row.address,
    timeZone: row.timeZone ?? settings.timezone,
    isActive: row.isActive,
  };
}

const ordered = [asc(locations.position), asc(locations.createdAt), asc(locations.id)] as const;

/** Every location, the first first; inactive ones only when asked (staff screens). */
export async function listLocations(
  db: Tx,
  settings: BusinessSettings,
  opts: { includeInactive: boolean } = { includeInactive: false },
): Promise<Location[]> {
  const rows = await db
    .select(locationColumns)
    .from(locations)
    .where(opts.includeInactive ? undefined : eq(locations.isActive, true))
    .orderBy(...ordered);
  return rows.map((r) => toLocation(r, settings));
}

async function findLocation(db: Tx, id: string): Promise<LocationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(locationColumns).from(locations).where(eq(locations.id, id));
  return row;
}

export async function createLocation(
  db: Tx,
  actor: SessionUser,
  settings: BusinessSettings,
  input: CreateLocationInput,
): Promise<Location> {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ position: max(locations.position) }).from(locations);
    const [row] = await tx
      .insert(locations)
      .values({
        name: input.name,
        address: input.address ?? '',
        timeZone: input.timeZone ?? settings.timezone,
        isActive: input.isActive ?? true,
        position: (last?.position ?? 0) + 1,
      })
      .returning(locationColumns);
    await touchServices(tx, offeredEverywhere);
    await recordAudit(tx, actor, {
      action: 'location.created',
      entity: 'location',
      entityId: row!.id,
      summary: sentence('Created location {name}.', { name: input.name }),
    });
    return toLocation(row!, settings);
  });
}

export async function updateLocation(
  db: Tx,
  actor: SessionUser,
  settings: BusinessSettings,
  input: UpdateLocationInput,
): Promise<Location> {
  const { id, ...fields } = input;
  if (!(await findLocation(db, id))) throw new AppError('NOT_FOUND', LOCATION_NOT_FOUND);
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(locations)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(locations.id, id))
      .returning(locationColumns);
    const location = toLocation(row!, settings);
    await recordAudit(tx, actor, {
      action: 'location.updated',
      entity: 'location',
      entityId: id,
      summary: sentence('Changed location {name}.', { name: location.name }),
    });
    return location;
  });
}

/**
 * Deletes a location: never the only one, nor one with upcoming live appointments (409). Its hours, overrides and
 * resources go with it; its past appointments move to the first remaining location.
 */
// A service's answer lists where it is offered and what it needs, so a change of those lists moves its updatedAt (a
// walk by updatedSince then hands integrators the change). Conditions on `s`, the service being updated; the linked
// tables' columns keep their table names (nested sql).
const offeredEverywhere = sql`not exists (select 1 from ${serviceLocations} where ${serviceLocations.serviceId} = s.id)`;
const linkedToLocation = (id: string) =>
  sql`exists (select 1 from ${serviceLocations} where ${serviceLocations.serviceId} = s.id
    and ${serviceLocations.locationId} = ${id}::uuid)`;
const linkedToResource = (id: string) =>
  sql`exists (select 1 from ${serviceResources} where ${serviceResources.serviceId} = s.id
    and ${serviceResources.resourceId} = ${id}::uuid)`;
const touchServices = (tx: Tx, which: SQL) =>
  tx.execute(sql`update ${services} s set updated_at = now() where ${which}`);

export async function deleteLocation(
  db: Tx,
  actor: SessionUser,
  settings: BusinessSettings,
  id: string,
  now: Date,
): Promise<{ success: true; id: string }> {
  const row = await findLocation(db, id);
  if (!row) throw new AppError('NOT_FOUND', LOCATION_NOT_FOUND);
  return db.transaction(async (tx) => {
    // Serialises deletions, so two of them cannot each leave the other's location as the last one gone.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('locations'))`);
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(locations);
    if (Number(count!.n) <= 1) throw new AppError('CONFLICT', LAST_LOCATION_MESSAGE);
    const [upcoming] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.locationId, id),
          inArray(appointments.status, [...liveStatuses]),
          gt(appointments.endsAt, now),
        ),
      )
      .limit(1);
    if (upcoming) throw new AppError('CONFLICT', LOCATION_IN_USE_MESSAGE);
    // A service offered only here would, with no location left, be offered everywhere (no link means every
    // location): its links are staff's to change first.
    const onlyHere = rowsOf<{ name: string }>(
      await tx.execute(sql`
        select s.name from ${services} s
         where exists (select 1 from ${serviceLocations} l where l.service_id = s.id and l.location_id = ${id}::uuid)
           and not exists (select 1 from ${serviceLocations} l where l.service_id = s.id and l.location_id <> ${id}::uuid)
         order by s.name`),
    );
    if (onlyHere.length)
      throw new AppError(
        'CONFLICT',
        sentence(
          'Only this location offers {services}: offer {count, plural, one {it} other {them}} at another location first.',
          {
            services: onlyHere.map((s) => s.name).join(', '),
            count: onlyHere.length,
          },
        ),
      );
    await touchServices(tx, sql`${offeredEverywhere} or ${linkedToLocation(id)}`);
    await tx.delete(locations).where(eq(locations.id, id));
    await recordAudit(tx, actor, {
      action: 'location.deleted',
      entity: 'location',
      entityId: id,
      summary: sentence('Deleted location {name}.', { name: toLocation(row, settings).name }),
    });
    return { success: true as const, id };
  });
}

const resourceColumns = {
  id: resources.id,
  name: resources.name,
  locationId: resources.locationId,
  quantity: resources.quantity,
};

export function listResources(db: Tx): Promise<Resource[]> {
  return db
    .select(resourceColumns)
    .from(resources)
    .innerJoin(locations, eq(locations.id, resources.locationId))
    .orderBy(...ordered, asc(resources.name), asc(resources.id));
}

/** Refuses (400) ids that name no location; absent ones mean the first. */
export async function requireLocations(db: Tx, ids: (string | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return;
  if (wanted.some((id) => !isUuid(id))) throw new AppError('BAD_REQUEST', 'Please choose a location.');
  const found = await db.select({ id: locations.id }).from(locations).where(inArray(locations.id, wanted));
  if (found.length !== wanted.length) throw new AppError('BAD_REQUEST', 'Please choose a location.');
}

async function requireLocation(db: Tx, locationId: string) {
  if (!(await findLocation(db, locationId))) throw new AppError('BAD_REQUEST', 'Please choose a location.');
}

export async function createResource(db: Tx, actor: SessionUser, input: CreateResourceInput): Promise<Resource> {
  await requireLocation(db, input.locationId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(resources)
      .values({ name: input.name, locationId: input.locationId, quantity: input.quantity ?? 1 })
      .returning(resourceColumns);
    await recordAudit(tx, actor, {
      action: 'resource.created',
      entity: 'resource',
      entityId: row!.id,
      summary: sentence('Created resource {name}.', { name: row!.name }),
    });
    return row!;
  });
}

/**
 * Changes a resource. A lower quantity or another location applies to bookings from now on; the units already
 * held stay held (each booking keeps the unit it took).
 */
export async function updateResource(db: Tx, actor: SessionUser, input: UpdateResourceInput): Promise<Resource> {
  const { id, ...fields } = input;
  if (!isUuid(id)) throw new AppError('NOT_FOUND', RESOURCE_NOT_FOUND);
  if (fields.locationId) await requireLocation(db, fields.locationId);
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(resources)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(resources.id, id))
      .returning(resourceColumns);
    if (!row) throw new AppError('NOT_FOUND', RESOURCE_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: 'resource.updated',
      entity: 'resource',
      entityId: id,
      summary: sentence('Changed resource {name}.', { name: row.name }),
    });
    return row;
  });
}

export async function deleteResource(db: Tx, actor: SessionUser, id: string): Promise<{ success: true; id: string }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', RESOURCE_NOT_FOUND);
  return db.transaction(async (tx) => {
    await touchServices(tx, linkedToResource(id));
    const [row] = await tx.delete(resources).where(eq(resources.id, id)).returning({ name: resources.name });
    if (!row) throw new AppError('NOT_FOUND', RESOURCE_NOT_FOUND);
    await recordAudit(tx, actor, {
      action: 'resource.deleted',
      entity: 'resource',
      entityId: id,
      summary: sentence('Deleted resource {name}.', { name: row.name }),
    });
    return { success: true as const, id };
  });
}

/** Replaces where a service is offered (empty: everywhere) and what it needs; unknown ids are refused (400). */
export async function replaceServiceLinks(
  tx: Tx,
  serviceId: string,
  links: { locationIds?: string[]; resourceIds?: string[] },
) {
  if (links.locationIds) {
    const ids = [...new Set(links.locationIds)];
    if (ids.some((id) => !isUuid(id))) throw new AppError('BAD_REQUEST', 'locationIds names an unknown location.');
    const found = ids.length
      ? await tx.select({ id: locations.id }).from(locations).where(inArray(locations.id, ids))
      : [];
    if (found.length !== ids.length) throw new AppError('BAD_REQUEST', 'locationIds names an unknown location.');
    await tx.delete(serviceLocations).where(eq(serviceLocations.serviceId, serviceId));
    // Every location named is kept as none named: "everywhere", which a location added later joins.
    const [all] = await tx.select({ n: sql<number>`count(*)::int` }).from(locations);
    const everywhere = ids.length === Number(all!.n);
    if (ids.length && !everywhere)
      await tx.insert(serviceLocations).values(ids.map((locationId) => ({ serviceId, locationId })));
  }
  if (links.resourceIds) {
    const ids = [...new Set(links.resourceIds)];
    if (ids.some((id) => !isUuid(id))) throw new AppError('BAD_REQUEST', 'resourceIds names an unknown resource.');
    const found = ids.length
      ? await tx.select({ id: resources.id }).from(resources).where(inArray(resources.id, ids))
      : [];
    if (found.length !== ids.length) throw new AppError('BAD_REQUEST', 'resourceIds names an unknown resource.');
    await tx.delete(serviceResources).where(eq(serviceResources.serviceId, serviceId));
    if (ids.length) await tx.insert(serviceResources).values(ids.map((resourceId) => ({ serviceId, resourceId })));
  }
}
