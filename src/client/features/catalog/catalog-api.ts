import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/en';
import { useToast } from '../../components/ui/toast';
import { takePageList } from '../../lib/page-state';
import { catalogKeys, getJson } from '../../lib/rest';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc';
import { kindTexts } from './catalog-texts';

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
    initialData: () => takePageList<ItemOf<K>>(`/api/${kind}`),
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
 * message and the dialog stays open. The toasts say the kind's own texts (catalog-texts.ts).
 */
function useCatalogMutationOptions(kind: CatalogKind, onDone: () => void) {
  const intl = useIntl();
  const toast = useToast();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const texts = kindTexts[kind];
  const options = <T>(title: MessageId, describe: (data: T) => string, failedTitle: MessageId) => ({
    onSuccess: (data: T) => {
      void invalidateCatalog(queryClient, kind);
      // A service's providers are saved and deleted with it.
      if (kind === 'services') void utils.serviceProviders.invalidate();
      toast({ title: intl.formatMessage({ id: title }), description: describe(data) });
      onDone();
    },
    onError: (error: unknown) =>
      toast({
        title: intl.formatMessage({ id: failedTitle }),
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });
  return {
    created: options(
      texts.created,
      (saved: { name: string }) => intl.formatMessage({ id: texts.createdText }, { name: saved.name }),
      'catalog.creationFailed',
    ),
    updated: options(
      texts.updated,
      (saved: { name: string }) => intl.formatMessage({ id: 'catalog.updated' }, { name: saved.name }),
      'catalog.updateFailed',
    ),
    deleted: options(texts.deleted, () => intl.formatMessage({ id: texts.deletedText }), 'catalog.deleteFailed'),
  };
}

/** Who may perform each service, and who could. */
export function useServiceProviders() {
  return trpc.serviceProviders.list.useQuery();
}

export function useProviderCandidates() {
  return trpc.serviceProviders.employees.useQuery();
}

/**
 * Whether customers pay deposits by card (card payments configured), as the booking pages decide it
 * (entities/booking/deposit-note.tsx); undefined until the server has answered.
 */
export function useDepositsByCard() {
  return trpc.orders.paymentMethods.useQuery().data?.methods.includes('stripe');
}

/** Add to Cart from the shop: a toast either way, and the cart badge follows. */
export function useAddToCart() {
  const intl = useIntl();
  const toast = useToast();
  const utils = trpc.useUtils();
  return trpc.cart.add.useMutation({
    onSuccess: (item) => {
      void utils.cart.invalidate();
      toast({
        title: intl.formatMessage({ id: 'catalog.addedToCart' }),
        description: intl.formatMessage({ id: 'catalog.addedToCartText' }, { name: item.product.name }),
      });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'catalog.addToCartFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });
}

/** Create and update of the product dialog; `onDone` closes it. */
export function useProductWrites(onDone: () => void) {
  const options = useCatalogMutationOptions('products', onDone);
  const create = trpc.products.create.useMutation(options.created);
  const update = trpc.products.update.useMutation(options.updated);
  return { create, update, pending: create.isPending || update.isPending };
}

/** Create and update of the service dialog: the service and its providers are saved in one call, in one transaction. */
export function useServiceWrites(onDone: () => void) {
  const options = useCatalogMutationOptions('services', onDone);
  const create = trpc.services.create.useMutation(options.created);
  const update = trpc.services.update.useMutation(options.updated);
  return { create, update, pending: create.isPending || update.isPending };
}

/** Delete from the admin catalogue; `onDone` closes the confirmation. */
export function useDeleteCatalogItem(kind: CatalogKind, onDone: () => void) {
  const options = useCatalogMutationOptions(kind, onDone).deleted;
  const products = trpc.products.delete.useMutation(options);
  const services = trpc.services.delete.useMutation(options);
  return kind === 'products' ? products : services;
}
