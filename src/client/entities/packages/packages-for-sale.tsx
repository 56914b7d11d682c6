import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { useFormatMoney } from '../../lib/money';
import { trpc } from '../../lib/trpc';
import { usePackagesForSale, usePurchasePackage } from './packages-api';

/** "Packages" on /services: the packs on sale, each with what it covers and Buy. Nothing when none is on sale. */
export function PackagesForSale() {
  const intl = useIntl();
  const money = useFormatMoney();
  const packs = usePackagesForSale();
  const services = trpc.services.list.useQuery();
  const purchase = usePurchasePackage();
  if (!packs.data?.length) return null;
  const nameOf = (id: string) =>
    services.data?.find((s) => s.id === id)?.name ?? intl.formatMessage({ id: 'packages.serviceFallback' });
  return (
    <section aria-labelledby="packages-for-sale" className="flex flex-col gap-3" data-testid="packages-for-sale">
      <div>
        <h2 id="packages-for-sale" className="text-xl font-bold text-stone-900">
          <FormattedMessage id="packages.forSaleTitle" />
        </h2>
        <p className="text-sm text-stone-600">
          <FormattedMessage id="packages.forSaleIntro" />
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {packs.data.map((pack) => (
          <li key={pack.id}>
            <Card className="h-full" data-testid="package-for-sale">
              <CardContent className="flex h-full flex-col gap-2 p-5">
                <h3 className="text-lg font-semibold text-stone-900">{pack.name}</h3>
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
                <div className="mt-auto flex items-center justify-between gap-2 pt-2">
                  <span className="text-lg font-semibold text-brand-800">{money(pack.price)}</span>
                  <Button
                    onClick={() => purchase.mutate({ id: pack.id })}
                    disabled={purchase.isPending}
                    aria-label={intl.formatMessage({ id: 'packages.buyLabel' }, { name: pack.name })}
                  >
                    <FormattedMessage id={purchase.isPending ? 'packages.buying' : 'packages.buy'} />
                  </Button>
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
