import { pageOrAll, type Page } from '../paging/page';
import type { PageQuery } from '../../shared/page-schema';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { products } from '../../../db/schema/index';
import type { Product } from '../../shared/catalog';
import type { CreateProductInput, UpdateProductInput } from '../../shared/catalog-schema';
import type { SessionUser } from '../auth/sessions';
import { AppError } from '../app-error';
import { isUuid } from '../../shared/ids';
import { requirePermission, seesInactive } from './catalog-access';
import type { CatalogCache, SerializedView } from './catalog-cache';
import { productColumns } from './catalog-rows';
import { publish } from '../events/publish';
import { recordAudit } from '../audit/audit';
import { sentence } from '../../shared/i18n/sentence';

const notFound = () => new AppError('NOT_FOUND', 'Product not found');

/** The product list as the viewer may see it, serialized (the REST route sends these bytes as they are). */
export function productListView(catalog: CatalogCache, viewer: SessionUser | null): Promise<SerializedView<Product>> {
  return catalog.view<Product>('products', seesInactive(viewer) ? 'all' : 'active');
}

/** Active and featured products, the same for everyone. */
export function featuredProductsView(catalog: CatalogCache): Promise<SerializedView<Product>> {
  return catalog.view<Product>('products', 'featured');
}

/** The products list; with paging parameters, one page of it walked by updatedAt (docs/integrations.md). */
export async function listProducts(
  catalog: CatalogCache,
  viewer: SessionUser | null,
  query?: PageQuery,
): Promise<Page<Product>> {
  return pageOrAll((await productListView(catalog, viewer)).items, query);
}

export async function listFeaturedProducts(catalog: CatalogCache): Promise<Product[]> {
  return [...(await featuredProductsView(catalog)).items];
}

export async function getProduct(db: Tx, viewer: SessionUser | null, id: string): Promise<Product> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
  if (!row || (!row.isActive && !seesInactive(viewer))) throw notFound();
  return row;
}

export async function createProduct(db: Tx, actor: SessionUser, input: CreateProductInput): Promise<Product> {
  if (input.isFeatured) requirePermission(actor, 'products.featured', "You don't have permission to feature products.");
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        name: input.name,
        price: input.price,
        description: input.description ?? '',
        category: input.category ?? '',
        imageUrl: input.imageUrl ?? null,
        inventory: input.inventory ?? 0,
        isFeatured: input.isFeatured ?? false,
        isActive: input.isActive ?? true,
      })
      .returning(productColumns);
    await recordAudit(tx, actor, {
      action: 'product.created',
      entity: 'product',
      entityId: row!.id,
      summary: sentence('Created product {name}.', { name: row!.name }),
    });
    await publish(tx, { type: 'product.created', data: row! });
    return row!;
  });
}

/** Changes the fields given; the others keep their value. */
export async function updateProduct(db: Tx, actor: SessionUser, input: UpdateProductInput): Promise<Product> {
  const { id, ...fields } = input;
  if (!isUuid(id)) throw notFound();
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select(productColumns).from(products).where(eq(products.id, id)).for('update').limit(1);
    if (!current) throw notFound();
    if (fields.isFeatured !== undefined && fields.isFeatured !== current.isFeatured) {
      requirePermission(actor, 'products.featured', "You don't have permission to feature products.");
    }
    const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const [updated] = await tx
      .update(products)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(products.id, id))
      .returning(productColumns);
    await recordAudit(tx, actor, {
      action: 'product.updated',
      entity: 'product',
      entityId: id,
      summary: sentence('Changed product {name}.', { name: updated!.name }),
    });
    await publish(tx, { type: 'product.updated', data: updated! });
    return updated!;
  });
  return row;
}

/**
 * Deletes a product. Order lines keep their own name and price (their product link becomes empty) and
 * cart lines go with it: both are foreign-key rules in the schema. The event carries the product as it was.
 */
export async function deleteProduct(db: Tx, actor: SessionUser, id: string): Promise<{ success: true; id: string }> {
  if (!isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(products).where(eq(products.id, id)).returning(productColumns);
    if (!deleted) throw notFound();
    await recordAudit(tx, actor, {
      action: 'product.deleted',
      entity: 'product',
      entityId: id,
      summary: sentence('Deleted product {name}.', { name: deleted.name }),
    });
    await publish(tx, { type: 'product.deleted', data: deleted });
    return { success: true as const, id };
  });
}
