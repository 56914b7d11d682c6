import { useState } from 'react';
import { formatPrice, type Product } from '../../../shared/catalog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useAddToCart } from '../cart/use-cart';
import { useCatalogList } from '../catalog/catalog-api';
import { CatalogImage } from '../catalog/catalog-image';
import { PagedGrid } from '../catalog/paged-grid';
import { EmptyState, SearchBox } from '../catalog/search-box';
import { useCatalogSearch } from '../catalog/use-catalog-search';

/** /products (SPEC.md §2): search, cards, Add to Cart. */
export function ProductsPage() {
  const [query, setQuery] = useState('');
  const products = useCatalogList('products');
  // Staff browsing the shop get the full list from the server; the shop shows what customers see.
  const active = products.data?.filter((p) => p.isActive);
  const { results, searching, stale } = useCatalogSearch(active, query);
  const addToCart = useAddToCart();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Products</h1>
          <p className="mt-1 text-sm text-stone-600">Everything we use in our treatments, to take home.</p>
        </div>
        <SearchBox value={query} onChange={setQuery} placeholder="Search products..." label="Search products" />
      </div>

      {products.isLoading ? (
        <Spinner label="Loading products" className="min-h-[40vh]" />
      ) : products.isError ? (
        <EmptyState title="Products could not be loaded" text={products.error.message} />
      ) : results.length === 0 ? (
        searching ? (
          <EmptyState title="No products found" text="Try adjusting your search terms" />
        ) : (
          <EmptyState title="No products available" text="Check back later for new products" />
        )
      ) : (
        <div className={stale ? 'opacity-70 transition-opacity' : undefined}>
          <PagedGrid
            items={results}
            resetKey={query}
            getKey={(p) => p.id}
            renderItem={(product, index) => (
              <ProductCard
                product={product}
                eager={index < 4}
                adding={addToCart.isPending && addToCart.variables?.productId === product.id}
                onAdd={() => addToCart.mutate({ productId: product.id, quantity: 1 })}
              />
            )}
          />
        </div>
      )}
    </div>
  );
}

function ProductCard({ product, eager, adding, onAdd }: { product: Product; eager: boolean; adding: boolean; onAdd: () => void }) {
  const soldOut = product.inventory === 0;
  return (
    <Card className="flex w-full flex-col overflow-hidden" data-testid="product-card">
      <CatalogImage src={product.imageUrl} alt={product.name} eager={eager} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        {product.category && (
          <Badge tone="brand" className="self-start">
            {product.category}
          </Badge>
        )}
        <h2 className="text-base font-semibold text-stone-900">{product.name}</h2>
        <p className="line-clamp-3 flex-1 text-sm text-stone-600">{product.description}</p>
        <div className="mt-1 flex items-baseline justify-between gap-2">
          <span className="text-lg font-bold text-brand-900">{formatPrice(product.price)}</span>
          <span className={soldOut ? 'text-sm font-medium text-red-700' : 'text-sm text-stone-600'}>{product.inventory} in stock</span>
        </div>
        <Button className="mt-2 w-full" onClick={onAdd} disabled={soldOut || adding}>
          {soldOut ? 'Out of Stock' : adding ? 'Adding...' : 'Add to Cart'}
        </Button>
      </div>
    </Card>
  );
}
