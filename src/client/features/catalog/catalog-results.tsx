import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '../../components/ui/spinner';
import { EmptyState } from '../../components/ui/search-box';
import { errorMessage } from '../../lib/trpc';
import type { CatalogKind } from './catalog-api';
import { kindTexts } from './catalog-texts';

/**
 * Where a catalogue page shows its list, in the shop and in the admin area alike: loading, failed,
 * nothing matching the search, nothing at all (`empty`), or the grid (`children`), in the kind's own words.
 */
export function CatalogResults({
  kind,
  list,
  count,
  searching,
  empty,
  spinnerClassName,
  children,
}: {
  kind: CatalogKind;
  list: UseQueryResult<unknown>;
  count: number;
  searching: boolean;
  empty: { title: string; text: string };
  spinnerClassName?: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  const texts = kindTexts[kind];
  if (list.isLoading) return <Spinner label={intl.formatMessage({ id: texts.loading })} className={spinnerClassName} />;
  if (list.isError)
    return <EmptyState title={intl.formatMessage({ id: texts.loadFailed })} text={errorMessage(list.error)} />;
  if (count === 0)
    return searching ? (
      <EmptyState
        title={intl.formatMessage({ id: texts.noneFound })}
        text={intl.formatMessage({ id: 'catalog.tryOtherSearch' })}
      />
    ) : (
      <EmptyState {...empty} />
    );
  return children;
}
