import { pageOrAll, type Page } from '../paging/page';
import type { PageQuery } from '../../shared/page-schema';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { services } from '../../../db/schema/index';
import { randomUUID } from 'node:crypto';
import type { Deposit, Service, ServiceQuestion } from '../../shared/catalog';
import type { CreateServiceInput, QuestionsInput, UpdateServiceInput } from '../../shared/catalog-schema';
import type { SessionUser } from '../auth/sessions';
import { AppError } from '../app-error';
import { isUuid } from '../../shared/ids';
import { requirePermission, seesInactive } from './catalog-access';
import type { CatalogCache, SerializedView } from './catalog-cache';
import { depositOf, serviceColumns, toService } from './catalog-rows';
import { replaceProviders } from './provider-service';
import { recordAudit } from '../audit/audit';
import { replaceServiceLinks } from '../locations/locations-service';
import { sentence } from '../../shared/i18n/sentence';

const notFound = () => new AppError('NOT_FOUND', 'Service not found');
const FEATURE_DENIED = "You don't have permission to feature services.";

/** The deposit's columns, refused when a fixed deposit is more than the price it is for. */
function depositColumns(deposit: Deposit, price: string) {
  if (deposit.type !== 'fixed') return { depositType: deposit.type, depositAmount: null };
  if (Number(deposit.amount) > Number(price))
    throw new AppError('BAD_REQUEST', 'The deposit cannot be more than the price of the service.');
  return { depositType: deposit.type, depositAmount: deposit.amount };
}

/**
 * The questions as stored: each keeps its id (past answers name it) or gets a new one; options only for a choice;
 * a translation only with words in it (a blank word is said in English).
 */
function storedQuestions(questions: QuestionsInput): ServiceQuestion[] {
  const ids = new Set<string>();
  return questions.map((q) => {
    let id = q.id || randomUUID();
    if (ids.has(id)) id = randomUUID();
    ids.add(id);
    const spanish = q.translations?.es;
    const spanishOptions = q.kind === 'choice' && spanish?.options?.some(Boolean) ? spanish.options : undefined;
    return {
      id,
      label: q.label,
      kind: q.kind,
      ...(q.kind === 'choice' ? { options: q.options ?? [] } : {}),
      required: q.required ?? false,
      ...(spanish?.label || spanishOptions
        ? {
            translations: {
              es: { label: spanish?.label ?? '', ...(spanishOptions ? { options: spanishOptions } : {}) },
            },
          }
        : {}),
    };
  });
}

export function serviceListView(catalog: CatalogCache, viewer: SessionUser | null): Promise<SerializedView<Service>> {
  return catalog.view<Service>('services', seesInactive(viewer) ? 'all' : 'active');
}

export function featuredServicesView(catalog: CatalogCache): Promise<SerializedView<Service>> {
  return catalog.view<Service>('services', 'featured');
}

/** The services list; with paging parameters, one page of it walked by updatedAt (docs/integrations.md). */
export async function listServices(
  catalog: CatalogCache,
  viewer: SessionUser | null,
  query?: PageQuery,
): Promise<Page<Service>> {
  return pageOrAll((await serviceListView(catalog, viewer)).items, query);
}

export async function listFeaturedServices(catalog: CatalogCache): Promise<Service[]> {
  return [...(await featuredServicesView(catalog)).items];
}

export async function getService(db: Tx, viewer: SessionUser | null, id: string): Promise<Service> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select(serviceColumns).from(services).where(eq(services.id, id)).limit(1);
  if (!row || (!row.isActive && !seesInactive(viewer))) throw notFound();
  return toService(row);
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
        ...depositColumns(input.deposit ?? { type: 'none' }, input.price),
        questions: storedQuestions(input.questions ?? []),
        description: input.description ?? '',
        category: input.category ?? '',
        imageUrl: input.imageUrl ?? null,
        isFeatured: input.isFeatured ?? false,
        isActive: input.isActive ?? true,
      })
      .returning(serviceColumns);
    if (input.employeeIds) await replaceProviders(tx, created!.id, input.employeeIds);
    await replaceServiceLinks(tx, created!.id, input);
    await recordAudit(tx, actor, {
      action: 'service.created',
      entity: 'service',
      entityId: created!.id,
      summary: sentence('Created service {name}.', { name: created!.name }),
    });
    const [linked] = await tx.select(serviceColumns).from(services).where(eq(services.id, created!.id));
    return linked!;
  });
  return toService(row);
}

/** Changes the fields given; employeeIds, when given, replaces the providers in the same transaction. */
export async function updateService(db: Tx, actor: SessionUser, input: UpdateServiceInput): Promise<Service> {
  const { id, employeeIds, deposit, questions, locationIds, resourceIds, ...fields } = input;
  if (!isUuid(id)) throw notFound();
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select(serviceColumns).from(services).where(eq(services.id, id)).for('update').limit(1);
    if (!current) throw notFound();
    if (fields.isFeatured !== undefined && fields.isFeatured !== current.isFeatured)
      requirePermission(actor, 'services.featured', FEATURE_DENIED);
    const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    // A new price is checked against the deposit it keeps, a new deposit against the price.
    const deposits =
      deposit || fields.price ? depositColumns(deposit ?? depositOf(current), fields.price ?? current.price) : {};
    const [updated] = await tx
      .update(services)
      .set({
        ...changes,
        ...deposits,
        ...(questions ? { questions: storedQuestions(questions) } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(services.id, id))
      .returning(serviceColumns);
    if (employeeIds) await replaceProviders(tx, id, employeeIds);
    await replaceServiceLinks(tx, id, { locationIds, resourceIds });
    await recordAudit(tx, actor, {
      action: 'service.updated',
      entity: 'service',
      entityId: id,
      summary: sentence('Changed service {name}.', { name: updated!.name }),
    });
    if (!locationIds && !resourceIds) return updated!;
    const [linked] = await tx.select(serviceColumns).from(services).where(eq(services.id, id));
    return linked!;
  });
  return toService(row);
}

/** Deletes a service; its provider links go with it and its appointments stay (they show "Service"). */
export async function deleteService(db: Tx, actor: SessionUser, id: string): Promise<{ success: true; id: string }> {
  if (!isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(services).where(eq(services.id, id)).returning({ name: services.name });
    if (!deleted) throw notFound();
    await recordAudit(tx, actor, {
      action: 'service.deleted',
      entity: 'service',
      entityId: id,
      summary: sentence('Deleted service {name}.', { name: deleted.name }),
    });
    return { success: true as const, id };
  });
}
