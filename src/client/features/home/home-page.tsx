import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';

import { showsProducts, showsServices } from '../../../shared/settings';
import { useBusinessSettings, useCurrentUser } from '../../lib/session';
import { BagIcon, CalendarIcon, ChatIcon, ClipboardIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { CatalogImage } from '../../entities/catalog/catalog-image';
import { useFeatured, type FeaturedProduct, type FeaturedService } from './home-api';
import { homeShortcuts, OPEN_CHAT_EVENT, type Shortcut } from './home-shortcuts';
import { useFormatMoney } from '../../lib/money';

/** The signed-in customer's home (docs/product.md): hero, Featured Items, shortcuts. */
export function HomePage() {
  const settings = useBusinessSettings();
  const { user } = useCurrentUser();
  const featured = useFeaturedItems(
    !settings.isLoading && showsProducts(settings.businessType),
    !settings.isLoading && showsServices(settings.businessType),
  );
  const loading = settings.isLoading || featured.loading;
  return (
    <div className="flex flex-col gap-10">
      <section className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-12 text-white sm:px-10">
        <p className="text-sm font-medium text-brand-100">
          {user ? (
            <FormattedMessage id="home.welcomeBackName" values={{ firstName: user.firstName }} />
          ) : (
            <FormattedMessage id="home.welcomeBack" />
          )}
        </p>
        <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{settings.businessName}</h1>
        <p className="mt-3 max-w-2xl text-brand-100">
          {settings.businessDescription || <FormattedMessage id="home.defaultTagline" />}
        </p>
      </section>
      <FeaturedItems loading={loading} items={featured.items} />
      {/* Shown once the grid above has its size, so nothing on the page jumps when it arrives. */}
      {!loading && (
        <section aria-labelledby="shortcuts-title">
          <h2 id="shortcuts-title" className="sr-only">
            <FormattedMessage id="home.shortcuts" />
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {homeShortcuts(settings.businessType).map((shortcut) => (
              <li key={shortcut.title} className="flex">
                <ShortcutCard shortcut={shortcut} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

type FeaturedItem = { kind: 'product'; item: FeaturedProduct } | { kind: 'service'; item: FeaturedService };

function useFeaturedItems(products: boolean, services: boolean) {
  const featuredProducts = useFeatured('products', { enabled: products });
  const featuredServices = useFeatured('services', { enabled: services });
  const loading = (products && featuredProducts.isLoading) || (services && featuredServices.isLoading);
  const items: FeaturedItem[] = [
    ...(products ? (featuredProducts.data ?? []).map((item) => ({ kind: 'product' as const, item })) : []),
    ...(services ? (featuredServices.data ?? []).map((item) => ({ kind: 'service' as const, item })) : []),
  ];
  return { loading, items };
}

function FeaturedItems({ loading, items }: { loading: boolean; items: FeaturedItem[] }) {
  const intl = useIntl();
  return (
    <section aria-labelledby="featured-title">
      <h2 id="featured-title" className="text-xl font-bold text-stone-900 sm:text-2xl">
        <FormattedMessage id="home.featured" />
      </h2>
      {loading ? (
        <Spinner label={intl.formatMessage({ id: 'home.loadingFeatured' })} />
      ) : items.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">
          <FormattedMessage id="home.nothingFeatured" />
        </p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {items.map((entry, index) => (
            <li key={`${entry.kind}-${entry.item.id}`} className="flex">
              {/* The first row is the page's largest paint: not lazy, fetched first. */}
              <FeaturedCard entry={entry} eager={index < 4} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function FeaturedCard({ entry, eager }: { entry: FeaturedItem; eager: boolean }) {
  const money = useFormatMoney();
  const { kind, item } = entry;
  const to = kind === 'product' ? '/products' : `/booking?service=${encodeURIComponent(item.id)}`;
  return (
    <Link
      to={to}
      data-testid="featured-item"
      className="group flex w-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative">
        <CatalogImage src={item.imageUrl} alt={item.name} eager={eager} />
        <Badge tone={kind === 'product' ? 'brand' : 'accent'} className="absolute left-3 top-3 shadow-sm">
          <FormattedMessage id={kind === 'product' ? 'home.product' : 'home.service'} />
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="font-semibold text-stone-900 group-hover:text-brand-700">{item.name}</h3>
        <p className="line-clamp-2 text-sm text-stone-600">{item.description}</p>
        <p className="mt-auto pt-2 text-sm font-semibold text-brand-900">
          {money(item.price)}
          {entry.kind === 'service' && (
            <span className="font-normal text-stone-600">
              {' · '}
              <FormattedMessage id="home.minutes" values={{ minutes: entry.item.duration }} />
            </span>
          )}
        </p>
      </div>
    </Link>
  );
}

const shortcutIcons = { calendar: CalendarIcon, bag: BagIcon, clipboard: ClipboardIcon, chat: ChatIcon } as const;

function ShortcutCard({ shortcut }: { shortcut: Shortcut }) {
  const Icon = shortcutIcons[shortcut.icon];
  const body = (
    <>
      <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
        <Icon />
      </span>
      <span className="mt-4 block font-semibold text-stone-900">
        <FormattedMessage id={shortcut.title} />
      </span>
      <span className="mt-1 block text-sm text-stone-600">
        <FormattedMessage id={shortcut.text} />
      </span>
    </>
  );
  const className = 'w-full p-6 text-left transition-shadow hover:shadow-md';
  if (shortcut.to === 'chat') {
    return (
      <Card className="flex w-full">
        <button
          type="button"
          className={className}
          onClick={() => window.dispatchEvent(new CustomEvent(OPEN_CHAT_EVENT))}
        >
          {body}
        </button>
      </Card>
    );
  }
  return (
    <Card className="flex w-full">
      <Link to={shortcut.to} className={className}>
        {body}
      </Link>
    </Card>
  );
}
