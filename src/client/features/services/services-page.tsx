import { useState } from 'react';
import { formatPrice, type Service } from '../../../shared/catalog';
import { ClockIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useCatalogList } from '../catalog/catalog-api';
import { CatalogImage } from '../catalog/catalog-image';
import { PagedGrid } from '../catalog/paged-grid';
import { EmptyState, SearchBox } from '../catalog/search-box';
import { useCatalogSearch } from '../catalog/use-catalog-search';

/** /services (SPEC.md §2): search, cards, Quick Book and Choose Employee. */
export function ServicesPage() {
  const [query, setQuery] = useState('');
  const services = useCatalogList('services');
  const active = services.data?.filter((s) => s.isActive);
  const { results, searching, stale } = useCatalogSearch(active, query);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Services</h1>
          <p className="mt-1 text-sm text-stone-600">Book a treatment with our team.</p>
        </div>
        <SearchBox value={query} onChange={setQuery} placeholder="Search services..." label="Search services" />
      </div>

      {services.isLoading ? (
        <Spinner label="Loading services" className="min-h-[40vh]" />
      ) : services.isError ? (
        <EmptyState title="Services could not be loaded" text={services.error.message} />
      ) : results.length === 0 ? (
        searching ? (
          <EmptyState title="No services found" text="Try adjusting your search terms" />
        ) : (
          <EmptyState title="No services available" text="Check back later for new services" />
        )
      ) : (
        <div className={stale ? 'opacity-70 transition-opacity' : undefined}>
          <PagedGrid items={results} resetKey={query} getKey={(s) => s.id} renderItem={(service, index) => <ServiceCard service={service} eager={index < 4} />} />
        </div>
      )}
    </div>
  );
}

function ServiceCard({ service, eager }: { service: Service; eager: boolean }) {
  return (
    <Card className="flex w-full flex-col overflow-hidden" data-testid="service-card">
      <CatalogImage src={service.imageUrl} alt={service.name} eager={eager} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        {service.category && (
          <Badge tone="brand" className="self-start">
            {service.category}
          </Badge>
        )}
        <h2 className="text-base font-semibold text-stone-900">{service.name}</h2>
        <p className="line-clamp-3 flex-1 text-sm text-stone-600">{service.description}</p>
        <div className="mt-1 flex items-baseline justify-between gap-2">
          <span className="text-lg font-bold text-brand-900">{formatPrice(service.price)}</span>
          <span className="inline-flex items-center gap-1 text-sm text-stone-600">
            <ClockIcon width={16} height={16} />
            {service.duration} minutes
          </span>
        </div>
        <div className="mt-2 grid grid-cols-2 gap-2">
          <ButtonLink to={`/booking?service=${encodeURIComponent(service.id)}`} className="whitespace-nowrap px-2">
            Quick Book
          </ButtonLink>
          <ButtonLink to="/employee-booking" variant="outline" className="whitespace-nowrap px-2">
            Choose Employee
          </ButtonLink>
        </div>
      </div>
    </Card>
  );
}
