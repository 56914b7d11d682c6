import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCatalogList, type CatalogKind, type ItemOf } from './catalog-api';
import { CatalogResults } from './catalog-results';
import { kindTexts } from './catalog-texts';
import { PagedGrid } from './paged-grid';
import { SearchBox } from '../../components/ui/search-box';
import { useCatalogSearch } from './use-catalog-search';

/**
 * The shop's /products and /services (docs/catalogue.md): heading, search and a grid of the active items; the
 * page says how to draw one card. The texts are the kind's (catalog-texts.ts).
 */
export function StorefrontCatalogPage<K extends CatalogKind>({
  kind,
  renderItem,
}: {
  kind: K;
  renderItem: (item: ItemOf<K>, index: number) => ReactNode;
}) {
  const intl = useIntl();
  const texts = kindTexts[kind];
  const [query, setQuery] = useState('');
  const list = useCatalogList(kind);
  // Staff browsing the shop get the full list from the server; the shop shows what customers see.
  const active = list.data?.filter((item) => item.isActive);
  const { results, searching, stale } = useCatalogSearch(active, query);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">
            <FormattedMessage id={texts.plural} />
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            <FormattedMessage id={texts.intro} />
          </p>
        </div>
        <SearchBox
          value={query}
          onChange={setQuery}
          placeholder={intl.formatMessage({ id: texts.searchPlaceholder })}
          label={intl.formatMessage({ id: texts.search })}
        />
      </div>

      <CatalogResults
        kind={kind}
        list={list}
        count={results.length}
        searching={searching}
        empty={{
          title: intl.formatMessage({ id: texts.noneAvailable }),
          text: intl.formatMessage({ id: texts.checkBack }),
        }}
        spinnerClassName="min-h-[40vh]"
      >
        <div className={stale ? 'opacity-70 transition-opacity' : undefined}>
          <PagedGrid items={results} resetKey={query} getKey={(item) => item.id} renderItem={renderItem} />
        </div>
      </CatalogResults>
    </div>
  );
}
