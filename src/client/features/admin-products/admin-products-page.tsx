import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { catalogLimits, type Product } from '../../../shared/catalog';
import { ZCreateProductInput } from '../../../shared/catalog-schema';
import { useCurrentUser } from '../../app/session';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Input, Textarea } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { AdminCatalogCard } from '../catalog/admin-catalog-card';
import { invalidateCatalog, useCatalogList } from '../catalog/catalog-api';
import { hasPermission, inventoryFromInput, validate, type FieldErrors } from '../catalog/catalog-form';
import { Checkbox } from '../catalog/checkbox';
import { ConfirmDeleteDialog } from '../catalog/confirm-delete-dialog';
import { PagedGrid } from '../catalog/paged-grid';
import { EmptyState, SearchBox } from '../catalog/search-box';
import { useCatalogSearch } from '../catalog/use-catalog-search';

export const LOW_STOCK = 10;

/** /admin/products (SPEC.md §2): search, card grid, create and edit dialogs, delete. */
export function AdminProductsPage() {
  const { user } = useCurrentUser();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const products = useCatalogList('products');
  const { results, searching } = useCatalogSearch(products.data, query);
  const remove = useDeleteProduct(() => setDeleting(null));
  const can = {
    create: hasPermission(user, 'products.create'),
    edit: hasPermission(user, 'products.edit'),
    delete: hasPermission(user, 'products.delete'),
    feature: hasPermission(user, 'products.featured'),
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Products</h1>
          <p className="mt-1 text-sm text-stone-600">Manage the catalogue customers shop from.</p>
        </div>
        {can.create && <Button onClick={() => setEditing('new')}>Add Product</Button>}
      </div>
      <SearchBox value={query} onChange={setQuery} placeholder="Search products..." label="Search products" />

      {products.isLoading ? (
        <Spinner label="Loading products" />
      ) : products.isError ? (
        <EmptyState title="Products could not be loaded" text={products.error.message} />
      ) : results.length === 0 ? (
        searching ? (
          <EmptyState title="No products found" text="Try adjusting your search terms" />
        ) : (
          <EmptyState title="No products yet" text={can.create ? 'Add your first product to start selling.' : 'Products appear here once they are added.'} />
        )
      ) : (
        <PagedGrid
          items={results}
          resetKey={query}
          getKey={(p) => p.id}
          renderItem={(product) => (
            <AdminCatalogCard
              item={product}
              details={<span className={product.inventory < LOW_STOCK ? 'font-medium text-accent-700' : undefined}>Stock: {product.inventory}</span>}
              onEdit={can.edit ? () => setEditing(product) : undefined}
              onDelete={can.delete ? () => setDeleting(product) : undefined}
            />
          )}
        />
      )}

      {editing && <ProductDialog product={editing === 'new' ? null : editing} canFeature={can.feature} onClose={() => setEditing(null)} />}
      <ConfirmDeleteDialog
        open={!!deleting}
        title="Delete Product"
        name={deleting?.name ?? ''}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}

function useDeleteProduct(onDone: () => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  return trpc.products.delete.useMutation({
    onSuccess: () => {
      void invalidateCatalog(queryClient, 'products');
      toast({ title: 'Product Deleted', description: 'The product has been removed from the catalogue.' });
      onDone();
    },
    onError: (error) => toast({ title: 'Delete Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

interface ProductForm {
  name: string;
  description: string;
  price: string;
  category: string;
  inventory: string;
  imageUrl: string;
  isFeatured: boolean;
  isActive: boolean;
}

const emptyForm: ProductForm = { name: '', description: '', price: '', category: '', inventory: '0', imageUrl: '', isFeatured: false, isActive: true };

function toForm(product: Product): ProductForm {
  return { ...product, inventory: String(product.inventory), imageUrl: product.imageUrl ?? '' };
}

function ProductDialog({ product, canFeature, onClose }: { product: Product | null; canFeature: boolean; onClose: () => void }) {
  const [form, setForm] = useState<ProductForm>(product ? toForm(product) : emptyForm);
  const [errors, setErrors] = useState<FieldErrors>({});
  const toast = useToast();
  const queryClient = useQueryClient();
  const done = (title: string, description: string) => {
    void invalidateCatalog(queryClient, 'products');
    toast({ title, description });
    onClose();
  };
  const create = trpc.products.create.useMutation({
    onSuccess: (saved) => done('Product Created', `${saved.name} has been added to the catalogue.`),
    onError: (error) => toast({ title: 'Creation Failed', description: errorMessage(error), variant: 'destructive' }),
  });
  const update = trpc.products.update.useMutation({
    onSuccess: (saved) => done('Product Updated', `${saved.name} has been saved.`),
    onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' }),
  });
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(ZCreateProductInput, { ...form, inventory: inventoryFromInput(form.inventory) });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    // The form's own values (not the parsed ones) go to the server, which validates them again.
    const body = { ...form, inventory: inventoryFromInput(form.inventory) };
    if (product) update.mutate({ id: product.id, ...body });
    else create.mutate(body);
  }

  const set = <K extends keyof ProductForm>(key: K) => (value: ProductForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A corrected field stops showing its old message.
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  return (
    <Dialog open onClose={onClose} title={product ? 'Edit Product' : 'Add Product'} description={product ? `Change the details of ${product.name}.` : 'Add a product to the catalogue.'}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Name" error={errors.name}>
          {(ids) => <Input {...ids} name="name" value={form.name} maxLength={catalogLimits.nameMax} required onChange={(e) => set('name')(e.target.value)} />}
        </Field>
        <Field label="Description" error={errors.description}>
          {(ids) => <Textarea {...ids} name="description" value={form.description} maxLength={catalogLimits.descriptionMax} onChange={(e) => set('description')(e.target.value)} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Price ($)" error={errors.price}>
            {(ids) => <Input {...ids} name="price" type="number" inputMode="decimal" step="0.01" min="0" required value={form.price} onChange={(e) => set('price')(e.target.value)} />}
          </Field>
          <Field label="Inventory" error={errors.inventory}>
            {(ids) => <Input {...ids} name="inventory" type="number" inputMode="numeric" step="1" min="0" value={form.inventory} onChange={(e) => set('inventory')(e.target.value)} />}
          </Field>
        </div>
        <Field label="Category" error={errors.category}>
          {(ids) => <Input {...ids} name="category" value={form.category} maxLength={catalogLimits.categoryMax} onChange={(e) => set('category')(e.target.value)} />}
        </Field>
        <Field label="Image URL" error={errors.imageUrl}>
          {(ids) => <Input {...ids} name="imageUrl" type="url" placeholder="https://" value={form.imageUrl} onChange={(e) => set('imageUrl')(e.target.value)} />}
        </Field>
        <div className="flex flex-wrap gap-6">
          <Checkbox label="Featured" checked={form.isFeatured} disabled={!canFeature} hint={canFeature ? undefined : 'Needs the products.featured permission'} onChange={set('isFeatured')} />
          <Checkbox label="Active" checked={form.isActive} onChange={set('isActive')} />
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : product ? 'Save Changes' : 'Create Product'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
