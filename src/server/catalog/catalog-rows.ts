import { asc, desc } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { products, services } from '../../../db/schema/index';
import type { Product, Service } from '../../shared/catalog';

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
};

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
  isFeatured: services.isFeatured,
  isActive: services.isActive,
};

/** Newest first, so what an admin just added is at the top; ties (a seeded batch) by name. */
export function loadProducts(db: Tx): Promise<Product[]> {
  return db
    .select(productColumns)
    .from(products)
    .orderBy(desc(products.createdAt), asc(products.name), asc(products.id));
}

export function loadServices(db: Tx): Promise<Service[]> {
  return db
    .select(serviceColumns)
    .from(services)
    .orderBy(desc(services.createdAt), asc(services.name), asc(services.id));
}
