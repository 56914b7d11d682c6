import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/ui/toast';
import { catalogKeys, getJson } from '../../lib/rest';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc';

/*
 * The catalogue lists come from the REST paths (GET /api/products, /api/services and their /featured): the server
 * answers those from its serialized cache, compressed and with an ETag, so the browser revalidates and a reload
 * gets a 304 instead of the whole catalogue. Their types are the outputs of the procedures behind those paths.
 * Writes go through tRPC and then invalidate the lists.
 */

export type CatalogKind = 'products' | 'services';
export type Product = RouterOutputs['products']['list'][number];
export type Service = RouterOutputs['services']['list'][number];
export type ItemOf<K extends CatalogKind> = K extends 'products' ? Product : Service;

/** Every item the caller may see: active ones, or all of them for staff. */
export function useCatalogList<K extends CatalogKind>(kind: K, opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: catalogKeys.list(kind),
    queryFn: () => getJson<ItemOf<K>[]>(`/api/${kind}`),
    enabled: opts.enabled ?? true,
  });
}

/** After a catalogue write: every list and featured list of that kind is read again. */
function invalidateCatalog(queryClient: QueryClient, kind?: CatalogKind) {
  return queryClient.invalidateQueries({ queryKey: kind ? catalogKeys.list(kind) : catalogKeys.all });
}

/**
 * The options of the admin catalogue's create, update and delete mutations. On success the lists are read
 * again, a toast says what happened and `onDone` closes the dialog; on failure a toast gives the server's
 * message and the dialog stays open. `singular` is the capitalised noun ("Product") the toast titles use.
 */
function useCatalogMutationOptions(kind: CatalogKind, singular: string, onDone: () => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const options = <T>(title: string, describe: (data: T) => string, failedTitle: string) => ({
    onSuccess: (data: T) => {
      void invalidateCatalog(queryClient, kind);
      // A service's providers are saved and deleted with it.
      if (kind === 'services') void utils.serviceProviders.invalidate();
      toast({ title, description: describe(data) });
      onDone();
    },
    onError: (error: unknown) =>
      toast({ title: failedTitle, description: errorMessage(error), variant: 'destructive' }),
  });
  return {
    created: (describe: (saved: { name: string }) => string) =>
      options(`${singular} Created`, describe, 'Creation Failed'),
    updated: options(
      `${singular} Updated`,
      (saved: { name: string }) => `${saved.name} has been saved.`,
      'Update Failed',
    ),
    deleted: (description: string) => options(`${singular} Deleted`, () => description, 'Delete Failed'),
  };
}

/** Who may perform each service, and who could. */
export function useServiceProviders() {
  return trpc.serviceProviders.list.useQuery();
}

export function useProviderCandidates() {
  return trpc.serviceProviders.employees.useQuery();
}

/** Add to Cart from the shop: a toast either way, and the cart badge follows. */
export function useAddToCart() {
  const toast = useToast();
  const utils = trpc.useUtils();
  return trpc.cart.add.useMutation({
    onSuccess: (item) => {
      void utils.cart.invalidate();
      toast({ title: 'Added to Cart', description: `${item.product.name} has been added to your cart.` });
    },
    onError: (error) =>
      toast({ title: 'Add to Cart Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** Create and update of the product dialog; `onDone` closes it. */
export function useProductWrites(onDone: () => void) {
  const options = useCatalogMutationOptions('products', 'Product', onDone);
  const create = trpc.products.create.useMutation(
    options.created((saved) => `${saved.name} has been added to the catalogue.`),
  );
  const update = trpc.products.update.useMutation(options.updated);
  return { create, update, pending: create.isPending || update.isPending };
}

/** Create and update of the service dialog: the service and its providers are saved in one call, in one transaction. */
export function useServiceWrites(onDone: () => void) {
  const options = useCatalogMutationOptions('services', 'Service', onDone);
  const create = trpc.services.create.useMutation(options.created((saved) => `${saved.name} can now be booked.`));
  const update = trpc.services.update.useMutation(options.updated);
  return { create, update, pending: create.isPending || update.isPending };
}

/** Delete from the admin catalogue; `onDone` closes the confirmation. */
export function useDeleteCatalogItem(kind: CatalogKind, singular: string, deletedText: string, onDone: () => void) {
  const options = useCatalogMutationOptions(kind, singular, onDone).deleted(deletedText);
  const products = trpc.products.delete.useMutation(options);
  const services = trpc.services.delete.useMutation(options);
  return kind === 'products' ? products : services;
}
