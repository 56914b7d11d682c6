import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useCurrentUser } from '../../lib/session';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { AdminCatalogCard } from './admin-catalog-card';
import { useCatalogList, useDeleteCatalogItem, type CatalogKind, type ItemOf } from './catalog-api';
import { can } from '../../../shared/roles';
import { CatalogResults } from './catalog-results';
import { kindTexts } from './catalog-texts';
import { PagedGrid } from './paged-grid';
import { SearchBox } from '../../components/ui/search-box';
import { useCatalogSearch } from './use-catalog-search';
import { ImportCsvButton } from '../../entities/csv/import-csv-button';
import { ExportCsvLink } from '../../entities/csv/export-csv-link';

/**
 * /admin/products and /admin/services: search, card grid, the create and edit dialog, delete
 * with confirmation, each offered as the user's permissions allow. The page gives what differs: the card's
 * details line and the dialog. The texts are the kind's (catalog-texts.ts).
 */
export function AdminCatalogPage<K extends CatalogKind>({
  kind,
  details,
  dialog,
}: {
  kind: K;
  details: (item: ItemOf<K>) => ReactNode;
  /** The create (item null) or edit dialog. */
  dialog: (item: ItemOf<K> | null, canFeature: boolean, onClose: () => void) => ReactNode;
}) {
  const intl = useIntl();
  const texts = kindTexts[kind];
  const { user } = useCurrentUser();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<ItemOf<K> | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ItemOf<K> | null>(null);
  const list = useCatalogList(kind);
  const { results, searching } = useCatalogSearch(list.data, query);
  const remove = useDeleteCatalogItem(kind, () => setDeleting(null));
  const allowed = {
    create: can(user, `${kind}.create`),
    edit: can(user, `${kind}.edit`),
    delete: can(user, `${kind}.delete`),
    feature: can(user, `${kind}.featured`),
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id={texts.plural} />
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            <FormattedMessage id={texts.adminIntro} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {kind === 'products' && <ExportCsvLink kind="products" />}
          <ImportCsvButton kind={kind} kindLabel={intl.formatMessage({ id: texts.plural }).toLowerCase()} />
          {allowed.create && (
            <Button onClick={() => setEditing('new')}>
              <FormattedMessage id={texts.add} />
            </Button>
          )}
        </div>
      </div>
      <SearchBox
        value={query}
        onChange={setQuery}
        placeholder={intl.formatMessage({ id: texts.searchPlaceholder })}
        label={intl.formatMessage({ id: texts.search })}
      />

      <CatalogResults
        kind={kind}
        list={list}
        count={results.length}
        searching={searching}
        empty={{
          title: intl.formatMessage({ id: texts.noneYet }),
          text: intl.formatMessage({ id: allowed.create ? texts.firstItemHint : texts.appearHere }),
        }}
      >
        <PagedGrid
          items={results}
          resetKey={query}
          getKey={(item) => item.id}
          renderItem={(item) => (
            <AdminCatalogCard
              item={item}
              details={details(item)}
              onEdit={allowed.edit ? () => setEditing(item) : undefined}
              onDelete={allowed.delete ? () => setDeleting(item) : undefined}
            />
          )}
        />
      </CatalogResults>

      {editing && dialog(editing === 'new' ? null : editing, allowed.feature, () => setEditing(null))}
      <ConfirmDialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title={intl.formatMessage({ id: texts.delete })}
        description={intl.formatMessage({ id: 'catalog.deleteConfirm' }, { name: deleting?.name ?? '' })}
        confirmLabel={intl.formatMessage({ id: remove.isPending ? 'catalog.deleting' : 'catalog.delete' })}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        pending={remove.isPending}
        destructive
      />
    </div>
  );
}
