import { FormattedMessage } from 'react-intl';
import { Button } from '../../components/ui/button';
import { later } from '../../lib/i18n';
import { useAddToCart, useCatalogList, type Product } from './catalog-api';
import { StorefrontCard } from './storefront-card';
import { StorefrontCatalogPage } from './storefront-catalog-page';

// Below the cards, and a form with its validation (zod, react-hook-form): loaded after the page's first script.
const GiftCardSection = later(() => import('./gift-card-section'), 'GiftCardSection', null);

/** /products (docs/catalogue.md): search, cards, Add to Cart; then buying a gift card and checking one. */
export function ProductsPage() {
  const addToCart = useAddToCart();
  // Shown once the list is: drawn first above a loading list, the section would then move down (a layout shift).
  const listShown = !useCatalogList('products').isLoading;
  return (
    <div className="flex flex-col gap-10">
      <StorefrontCatalogPage
        kind="products"
        renderItem={(product, index) => (
          <ProductCard
            product={product}
            eager={index < 4}
            adding={addToCart.isPending && addToCart.variables?.productId === product.id}
            onAdd={() => addToCart.mutate({ productId: product.id, quantity: 1 })}
          />
        )}
      />
      {listShown && <GiftCardSection />}
    </div>
  );
}

function ProductCard({
  product,
  eager,
  adding,
  onAdd,
}: {
  product: Product;
  eager: boolean;
  adding: boolean;
  onAdd: () => void;
}) {
  const soldOut = product.inventory === 0;
  return (
    <StorefrontCard
      item={product}
      eager={eager}
      testId="product-card"
      details={
        <span className={soldOut ? 'text-sm font-medium text-red-700' : 'text-sm text-stone-600'}>
          <FormattedMessage id="catalog.inStock" values={{ count: product.inventory }} />
        </span>
      }
    >
      <Button className="mt-2 w-full" onClick={onAdd} disabled={soldOut || adding}>
        <FormattedMessage id={soldOut ? 'catalog.outOfStock' : adding ? 'catalog.adding' : 'catalog.addToCart'} />
      </Button>
    </StorefrontCard>
  );
}
