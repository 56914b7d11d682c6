import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EditDeleteButtons } from '../../components/edit-delete-buttons';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, ListCard } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useFormatMoney } from '../../lib/money';
import { errorMessage, trpc } from '../../lib/trpc';
import { PackageDialog } from './package-dialog';
import { useAdminPackages, useDeletePackage, type AdminPackage } from './packages-api';

/** /admin/packages: the packs of sessions sold ahead; create, edit, take off sale and delete them. */
export function AdminPackagesPage() {
  const intl = useIntl();
  const money = useFormatMoney();
  const packs = useAdminPackages();
  const services = trpc.services.list.useQuery();
  const remove = useDeletePackage();
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminPackage | null>(null);
  const serviceList = (services.data ?? []).map((s) => ({ id: s.id, name: s.name }));
  const nameOf = (id: string) =>
    serviceList.find((s) => s.id === id)?.name ?? intl.formatMessage({ id: 'packages.serviceFallback' });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id="packages.adminTitle" />
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            <FormattedMessage id="packages.adminIntro" />
          </p>
        </div>
        <Button onClick={() => setEditing('new')} className="shrink-0">
          <FormattedMessage id="packages.newPackage" />
        </Button>
      </div>

      {packs.isLoading ? (
        <Spinner label={intl.formatMessage({ id: 'packages.loading' })} />
      ) : packs.isError ? (
        <p className="text-red-700">{errorMessage(packs.error)}</p>
      ) : packs.data!.length === 0 ? (
        <Card>
          <CardContent className="px-5 py-10 text-center text-stone-600">
            <FormattedMessage id="packages.none" />
          </CardContent>
        </Card>
      ) : (
        <ul
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          aria-label={intl.formatMessage({ id: 'packages.listLabel' })}
        >
          {packs.data!.map((pack) => (
            <li key={pack.id}>
              <ListCard
                data-testid="package-card"
                heading={
                  <>
                    <h2 className="text-lg font-semibold text-stone-900">{pack.name}</h2>
                    <p className="text-sm font-medium text-brand-800">{money(pack.price)}</p>
                  </>
                }
                badge={
                  <Badge tone={pack.isActive ? 'success' : 'neutral'} className="shrink-0 whitespace-nowrap">
                    <FormattedMessage id={pack.isActive ? 'packages.onSale' : 'packages.offSale'} />
                  </Badge>
                }
                actions={
                  <EditDeleteButtons
                    name={pack.name}
                    onEdit={() => setEditing(pack)}
                    onDelete={() => setDeleting(pack)}
                  />
                }
              >
                <p className="text-sm text-stone-700">
                  <FormattedMessage id="packages.sessions" values={{ count: pack.sessions }} /> ·{' '}
                  <FormattedMessage id="packages.validDays" values={{ days: pack.validDays }} />
                </p>
                <p className="text-sm text-stone-600">
                  <FormattedMessage
                    id="packages.covers"
                    values={{ services: intl.formatList(pack.serviceIds.map(nameOf)) }}
                  />
                </p>
              </ListCard>
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <PackageDialog
          pack={editing === 'new' ? null : editing}
          services={serviceList}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title={intl.formatMessage({ id: 'packages.deleteTitle' }, { name: deleting?.name ?? '' })}
        description={intl.formatMessage({ id: 'packages.deleteText' })}
        confirmLabel={intl.formatMessage({ id: 'packages.delete' })}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSettled: () => setDeleting(null) })}
      />
    </div>
  );
}
