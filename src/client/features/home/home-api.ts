import { useQuery } from '@tanstack/react-query';
import { takePageList } from '../../lib/page-state';
import { catalogKeys, getJson } from '../../lib/rest';
import type { RouterOutputs } from '../../lib/trpc';

export type FeaturedProduct = RouterOutputs['products']['featured'][number];
export type FeaturedService = RouterOutputs['services']['featured'][number];

/** The active featured items of a kind, read over REST from the server's catalogue cache. */
export function useFeatured<K extends 'products' | 'services'>(kind: K, opts: { enabled?: boolean } = {}) {
  type Item = K extends 'products' ? FeaturedProduct : FeaturedService;
  return useQuery({
    queryKey: catalogKeys.featured(kind),
    queryFn: () => getJson<Item[]>(`/api/${kind}/featured`),
    initialData: () => takePageList<Item>(`/api/${kind}/featured`),
    enabled: opts.enabled ?? true,
  });
}
