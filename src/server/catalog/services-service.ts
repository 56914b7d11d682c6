import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { services } from '../../../db/schema/index';
import type { Service } from '../../shared/catalog';
import type { CreateServiceInput, UpdateServiceInput } from '../../shared/catalog-schema';
import type { SessionUser } from '../auth/sessions';
import { AppError } from '../app-error';
import { isUuid } from '../../shared/ids';
import { requirePermission, seesInactive } from './catalog-access';
import type { CatalogCache, SerializedView } from './catalog-cache';
import { serviceColumns } from './catalog-rows';
import { replaceProviders } from './provider-service';

const notFound = () => new AppError('NOT_FOUND', 'Service not found');
const FEATURE_DENIED = "You don't have permission to feature services.";

export function serviceListView(catalog: CatalogCache, viewer: SessionUser | null): Promise<SerializedView<Service>> {
  return catalog.view<Service>('services', seesInactive(viewer) ? 'all' : 'active');
}

export function featuredServicesView(catalog: CatalogCache): Promise<SerializedView<Service>> {
  return catalog.view<Service>('services', 'featured');
}

export async function listServices(catalog: CatalogCache, viewer: SessionUser | null): Promise<Service[]> {
  return [...(await serviceListView(catalog, viewer)).items];
}

export async function listFeaturedServices(catalog: CatalogCache): Promise<Service[]> {
  return [...(await featuredServicesView(catalog)).items];
}

export async function getService(db: Tx, viewer: SessionUser | null, id: string): Promise<Service> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select(serviceColumns).from(services).where(eq(services.id, id)).limit(1);
  if (!row || (!row.isActive && !seesInactive(viewer))) throw notFound();
  return row;
}

/** Creates a service and, when employeeIds is given, its providers, in one transaction. */
export async function createService(db: Tx, actor: SessionUser, input: CreateServiceInput): Promise<Service> {
  if (input.isFeatured) requirePermission(actor, 'services.featured', FEATURE_DENIED);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(services)
      .values({
        name: input.name,
        price: input.price,
        duration: input.duration,
        bufferBeforeMinutes: input.bufferBeforeMinutes ?? 0,
        bufferAfterMinutes: input.bufferAfterMinutes ?? 0,
        capacity: input.capacity ?? 1,
        description: input.description ?? '',
        category: input.category ?? '',
        imageUrl: input.imageUrl ?? null,
        isFeatured: input.isFeatured ?? false,
        isActive: input.isActive ?? true,
      })
      .returning(serviceColumns);
    if (input.employeeIds) await replaceProviders(tx, created!.id, input.employeeIds);
    return created!;
  });
  return row;
}

/** Changes the fields given; employeeIds, when given, replaces the providers in the same transaction. */
export async function updateService(db: Tx, actor: SessionUser, input: UpdateServiceInput): Promise<Service> {
  const { id, employeeIds, ...fields } = input;
  if (!isUuid(id)) throw notFound();
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select(serviceColumns).from(services).where(eq(services.id, id)).for('update').limit(1);
    if (!current) throw notFound();
    if (fields.isFeatured !== undefined && fields.isFeatured !== current.isFeatured)
      requirePermission(actor, 'services.featured', FEATURE_DENIED);
    const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const [updated] = await tx
      .update(services)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(services.id, id))
      .returning(serviceColumns);
    if (employeeIds) await replaceProviders(tx, id, employeeIds);
    return updated!;
  });
  return row;
}

/** Deletes a service; its provider links go with it and its appointments stay (they show "Service"). */
export async function deleteService(db: Tx, id: string): Promise<{ success: true; id: string }> {
  if (!isUuid(id)) throw notFound();
  const deleted = await db.delete(services).where(eq(services.id, id)).returning({ id: services.id });
  if (deleted.length === 0) throw notFound();
  return { success: true, id };
}
