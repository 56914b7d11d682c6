import { FormattedMessage } from 'react-intl';
import { ClockIcon } from '../../components/icons';
import { ButtonLink } from '../../components/ui/button';
import { PackagesForSale } from '../../entities/packages/packages-for-sale';
import { useCatalogList, type Service } from './catalog-api';
import { StorefrontCard } from './storefront-card';
import { StorefrontCatalogPage } from './storefront-catalog-page';

/** /services (docs/catalogue.md): search, cards, Quick Book and Choose Employee; then the packages on sale. */
export function ServicesPage() {
  // Shown once the list is: drawn first above a loading list, the packages would then move down (a layout shift).
  const listShown = !useCatalogList('services').isLoading;
  return (
    <div className="flex flex-col gap-8">
      <StorefrontCatalogPage
        kind="services"
        renderItem={(service, index) => <ServiceCard service={service} eager={index < 4} />}
      />
      {listShown && <PackagesForSale />}
    </div>
  );
}

function ServiceCard({ service, eager }: { service: Service; eager: boolean }) {
  return (
    <StorefrontCard
      item={service}
      eager={eager}
      testId="service-card"
      details={
        <span className="inline-flex items-center gap-1 text-sm text-stone-600">
          <ClockIcon width={16} height={16} />
          <FormattedMessage id="catalog.minutes" values={{ minutes: service.duration }} />
        </span>
      }
    >
      {/* Cards four to a row leave the labels little room: one wider than its button takes two lines inside it. */}
      <div className="mt-2 grid grid-cols-2 gap-2">
        <ButtonLink to={`/booking?service=${encodeURIComponent(service.id)}`}>
          <span className="text-center leading-tight">
            <FormattedMessage id="catalog.quickBook" />
          </span>
        </ButtonLink>
        <ButtonLink to="/employee-booking" variant="outline">
          <span className="text-center leading-tight">
            <FormattedMessage id="catalog.chooseEmployee" />
          </span>
        </ButtonLink>
      </div>
    </StorefrontCard>
  );
}
