import { asc, desc, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { locations, products, serviceLocations, serviceResources, services } from '../../../db/schema/index';
import type { Deposit, Product, Service } from '../../shared/catalog';
import { isoInstant } from '../paging/page';

// Exactly the fields of docs/catalogue.md: rows never reach the wire as-is.
export const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  category: products.category,
  price: products.price,
  imageUrl: products.imageUrl,
  inventory: products.inventory,
  isFeatured: products.isFeatured,
  isActive: products.isActive,
  updatedAt: isoInstant(products.updatedAt),
};

// Where a service is offered (every location when it names none), in location order, and the resources it needs.
// Each subquery is nested in a sql of its own: drizzle writes the top-level columns of a one-table select or
// RETURNING without their table, and an unqualified "id" inside a subquery reads the subquery's own table (every
// location was listed for every service). Nested, every column keeps its table name.
const offeredAt = sql`(select coalesce(json_agg(${locations.id} order by ${locations.position}, ${locations.createdAt}, ${locations.id}), '[]')
    from ${locations} where not exists (select 1 from ${serviceLocations} where ${serviceLocations.serviceId} = ${services.id})
      or exists (select 1 from ${serviceLocations} where ${serviceLocations.serviceId} = ${services.id}
        and ${serviceLocations.locationId} = ${locations.id}))`;
const resourcesNeeded = sql`(select coalesce(json_agg(${serviceResources.resourceId} order by ${serviceResources.resourceId}), '[]')
    from ${serviceResources} where ${serviceResources.serviceId} = ${services.id})`;

export const serviceColumns = {
  id: services.id,
  name: services.name,
  description: services.description,
  category: services.category,
  price: services.price,
  imageUrl: services.imageUrl,
  duration: services.duration,
  bufferBeforeMinutes: services.bufferBeforeMinutes,
  bufferAfterMinutes: services.bufferAfterMinutes,
  capacity: services.capacity,
  locationIds: sql<string[]>`${offeredAt}`,
  resourceIds: sql<string[]>`${resourcesNeeded}`,
  depositType: services.depositType,
  depositAmount: services.depositAmount,
  questions: services.questions,
  isFeatured: services.isFeatured,
  isActive: services.isActive,
  updatedAt: isoInstant(services.updatedAt),
};

type ServiceRow = Omit<Service, 'deposit'> & Pick<typeof services.$inferSelect, 'depositType' | 'depositAmount'>;

export function depositOf(row: Pick<ServiceRow, 'depositType' | 'depositAmount'>): Deposit {
  if (row.depositType === 'fixed') return { type: 'fixed', amount: row.depositAmount! };
  return { type: row.depositType };
}

/** A service row as the API answers it: the deposit's two columns become one `deposit` field. */
export function toService({ depositType, depositAmount, ...row }: ServiceRow): Service {
  const { isFeatured, isActive, updatedAt, questions, ...rest } = row;
  return { ...rest, deposit: depositOf({ depositType, depositAmount }), questions, isFeatured, isActive, updatedAt };
}

/** Newest first, so what an admin just added is at the top; ties (a seeded batch) by name. */
export function loadProducts(db: Tx): Promise<Product[]> {
  return db
    .select(productColumns)
    .from(products)
    .orderBy(desc(products.createdAt), asc(products.name), asc(products.id));
}

export async function loadServices(db: Tx): Promise<Service[]> {
  const rows = await db
    .select(serviceColumns)
    .from(services)
    .orderBy(desc(services.createdAt), asc(services.name), asc(services.id));
  return rows.map(toService);
}
