import { FormattedMessage, useIntl } from 'react-intl';
import { ZProductForm } from '../../../shared/catalog-schema';
import { TextField, useZodForm } from '../../components/ui/form';
import { AdminCatalogPage } from './admin-catalog-page';
import { useProductWrites, type Product } from './catalog-api';
import { CatalogItemDialog } from './catalog-item-dialog';

const LOW_STOCK = 10;

/** /admin/products: search, card grid, create and edit dialogs, delete. */
export function AdminProductsPage() {
  return (
    <AdminCatalogPage
      kind="products"
      details={(product) => (
        <span className={product.inventory < LOW_STOCK ? 'font-medium text-accent-700' : undefined}>
          <FormattedMessage id="catalog.stock" values={{ count: product.inventory }} />
        </span>
      )}
      dialog={(product, canFeature, onClose) => (
        <ProductDialog product={product} canFeature={canFeature} onClose={onClose} />
      )}
    />
  );
}

function ProductDialog({
  product,
  canFeature,
  onClose,
}: {
  product: Product | null;
  canFeature: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  const form = useZodForm(ZProductForm, {
    defaultValues: product
      ? { ...product, inventory: String(product.inventory), imageUrl: product.imageUrl ?? '' }
      : {
          name: '',
          description: '',
          price: '',
          category: '',
          inventory: '0',
          imageUrl: '',
          isFeatured: false,
          isActive: true,
        },
  });
  const { create, update, pending } = useProductWrites(onClose);

  return (
    <CatalogItemDialog
      kind="products"
      item={product}
      form={form}
      onSubmit={(values) => (product ? update.mutate({ id: product.id, ...values }) : create.mutate(values))}
      pending={pending}
      canFeature={canFeature}
      onClose={onClose}
      beside={
        <TextField
          name="inventory"
          label={intl.formatMessage({ id: 'catalog.inventory' })}
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
        />
      }
    />
  );
}
