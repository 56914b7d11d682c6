import { Button } from '../../components/ui/button';
import { useAddToCart, type Product } from './catalog-api';
import { StorefrontCard } from './storefront-card';
import { StorefrontCatalogPage } from './storefront-catalog-page';

/** /products (docs/catalogue.md): search, cards, Add to Cart. */
export function ProductsPage() {
  const addToCart = useAddToCart();
  return (
    <StorefrontCatalogPage
      kind="products"
      plural="Products"
      intro="Everything we use in our treatments, to take home."
      renderItem={(product, index) => (
        <ProductCard
          product={product}
          eager={index < 4}
          adding={addToCart.isPending && addToCart.variables?.productId === product.id}
          onAdd={() => addToCart.mutate({ productId: product.id, quantity: 1 })}
        />
      )}
    />
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
          {product.inventory} in stock
        </span>
      }
    >
      <Button className="mt-2 w-full" onClick={onAdd} disabled={soldOut || adding}>
        {soldOut ? 'Out of Stock' : adding ? 'Adding...' : 'Add to Cart'}
      </Button>
    </StorefrontCard>
  );
}
