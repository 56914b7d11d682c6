import type { Product } from '../../../shared/catalog';
import { ZCreateProductInput } from '../../../shared/catalog-schema';
import { Field, Input } from '../../components/ui/form';
import { trpc } from '../../lib/trpc';
import { AdminCatalogPage } from '../catalog/admin-catalog-page';
import { inventoryFromInput } from '../catalog/catalog-form';
import { CatalogItemDialog, useCatalogForm, type CatalogFormFields } from '../catalog/catalog-item-dialog';
import { useCatalogMutationOptions } from '../catalog/use-catalog-mutation-options';

export const LOW_STOCK = 10;

/** /admin/products (docs/catalogue.md): search, card grid, create and edit dialogs, delete. */
export function AdminProductsPage() {
  return (
    <AdminCatalogPage
      kind="products"
      singular="Product"
      plural="Products"
      intro="Manage the catalogue customers shop from."
      firstItemHint="Add your first product to start selling."
      deletedText="The product has been removed from the catalogue."
      details={(product) => <span className={product.inventory < LOW_STOCK ? 'font-medium text-accent-700' : undefined}>Stock: {product.inventory}</span>}
      dialog={(product, canFeature, onClose) => <ProductDialog product={product} canFeature={canFeature} onClose={onClose} />}
    />
  );
}

interface ProductForm extends CatalogFormFields {
  inventory: string;
}

const emptyForm: ProductForm = { name: '', description: '', price: '', category: '', inventory: '0', imageUrl: '', isFeatured: false, isActive: true };

function toForm(product: Product): ProductForm {
  return { ...product, inventory: String(product.inventory), imageUrl: product.imageUrl ?? '' };
}

function ProductDialog({ product, canFeature, onClose }: { product: Product | null; canFeature: boolean; onClose: () => void }) {
  const fields = useCatalogForm<ProductForm>(product ? toForm(product) : emptyForm);
  const { form, errors, set } = fields;
  const options = useCatalogMutationOptions('products', 'Product', onClose);
  const create = trpc.products.create.useMutation(options.created((saved) => `${saved.name} has been added to the catalogue.`));
  const update = trpc.products.update.useMutation(options.updated);

  return (
    <CatalogItemDialog
      kind="products"
      singular="Product"
      item={product}
      addText="Add a product to the catalogue."
      fields={fields}
      schema={ZCreateProductInput}
      body={{ ...form, inventory: inventoryFromInput(form.inventory) }}
      create={create}
      update={update}
      canFeature={canFeature}
      onClose={onClose}
      beside={
        <Field label="Inventory" error={errors.inventory}>
          {(ids) => <Input {...ids} name="inventory" type="number" inputMode="numeric" step="1" min="0" value={form.inventory} onChange={(e) => set('inventory')(e.target.value)} />}
        </Field>
      }
    />
  );
}
