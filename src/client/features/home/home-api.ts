import { useQuery } from '@tanstack/react-query';
import { catalogKeys, getJson } from '../../lib/rest';
import type { RouterOutputs } from '../../lib/trpc';

export type FeaturedProduct = RouterOutputs['products']['featured'][number];
export type FeaturedService = RouterOutputs['services']['featured'][number];

/** The active featured items of a kind, read over REST from the server's catalogue cache. */
export function useFeatured<K extends 'products' | 'services'>(kind: K, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: catalogKeys.featured(kind),
    queryFn: () => getJson<K extends 'products' ? FeaturedProduct[] : FeaturedService[]>(`/api/${kind}/featured`),
    enabled: opts.enabled ?? true,
  });
}
