import { useDeferredValue, useMemo } from 'react';
import { searchText } from '../../../shared/catalog';

type Searchable = { name: string; description: string; category: string };

/**
 * docs/catalogue.md: client-side, case-insensitive search on name, description or category. The lower-cased text
 * is built once per list, and filtering follows the deferred query, so typing stays responsive with 10,000
 * items (React renders the keystroke first and the results when it can).
 */
export function useCatalogSearch<T extends Searchable>(items: readonly T[] | undefined, query: string) {
  const indexed = useMemo(() => (items ?? []).map((item) => ({ item, text: searchText(item) })), [items]);
  const deferredQuery = useDeferredValue(query);
  const results = useMemo(() => {
    const needle = deferredQuery.trim().toLowerCase();
    return needle
      ? indexed.filter((entry) => entry.text.includes(needle)).map((e) => e.item)
      : indexed.map((e) => e.item);
  }, [indexed, deferredQuery]);
  return { results, searching: query.trim() !== '', stale: deferredQuery !== query };
}
