import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Product, Service } from '../../../shared/catalog';

/*
 * The catalogue lists come from the REST paths (GET /api/products, /api/services and their /featured),
 * as the REST paths are read (docs/catalogue.md): the server answers those from its serialized cache, brotli-compressed,
 * and with an ETag, so the browser revalidates and a reload gets a 304 instead of the whole catalogue.
 * Writes go through tRPC and then call invalidateCatalog.
 */

export type CatalogKind = 'products' | 'services';
export type ItemOf<K extends CatalogKind> = K extends 'products' ? Product : Service;

export const catalogKeys = {
  all: ['catalog'] as const,
  list: (kind: CatalogKind) => ['catalog', kind] as const,
  featured: (kind: CatalogKind) => ['catalog', kind, 'featured'] as const,
};

/** docs/product.md: a failed call's message is "<status>: <body text>" (status text when the body is empty). */
export async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { credentials: 'include', cache: 'no-cache', headers: { accept: 'application/json' } });
  if (!res.ok) {
    const text = await res.text();
    throw new Error(`${res.status}: ${text || res.statusText}`);
  }
  return (await res.json()) as T;
}

/** Every item the caller may see: active ones, or all of them for staff. */
export function useCatalogList<K extends CatalogKind>(kind: K, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: catalogKeys.list(kind),
    queryFn: () => getJson<ItemOf<K>[]>(`/api/${kind}`),
    enabled: opts.enabled ?? true,
  });
}

export function useFeatured<K extends CatalogKind>(kind: K, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: catalogKeys.featured(kind),
    queryFn: () => getJson<ItemOf<K>[]>(`/api/${kind}/featured`),
    enabled: opts.enabled ?? true,
  });
}

/** After a catalogue write: every list and featured list is read again. */
export function invalidateCatalog(queryClient: QueryClient, kind?: CatalogKind) {
  return queryClient.invalidateQueries({ queryKey: kind ? catalogKeys.list(kind) : catalogKeys.all });
}
