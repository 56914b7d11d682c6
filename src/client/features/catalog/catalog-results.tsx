import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { EmptyState } from '../../components/ui/search-box';
import { errorMessage } from '../../lib/trpc';

/**
 * Where a catalogue page shows its list, in the shop and in the admin area alike: loading, failed,
 * nothing matching the search, nothing at all (`empty`), or the grid (`children`).
 * `plural` is the capitalised noun ("Products"); the other texts are built from it.
 */
export function CatalogResults({
  plural,
  list,
  count,
  searching,
  empty,
  spinnerClassName,
  children,
}: {
  plural: string;
  list: UseQueryResult<unknown>;
  count: number;
  searching: boolean;
  empty: { title: string; text: string };
  spinnerClassName?: string;
  children: ReactNode;
}) {
  const noun = plural.toLowerCase();
  if (list.isLoading) return <Spinner label={`Loading ${noun}`} className={spinnerClassName} />;
  if (list.isError) return <EmptyState title={`${plural} could not be loaded`} text={errorMessage(list.error)} />;
  if (count === 0)
    return searching ? (
      <EmptyState title={`No ${noun} found`} text="Try adjusting your search terms" />
    ) : (
      <EmptyState {...empty} />
    );
  return children;
}
