import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';

/** The badge is the sum of quantities (docs/catalogue.md). */
export function useCartCount(): number {
  const cart = trpc.cart.list.useQuery();
  return (cart.data ?? []).reduce((sum, item) => sum + item.quantity, 0);
}

/** The cart lines, oldest first. */
export function useCart() {
  return trpc.cart.list.useQuery();
}

/** Quantity changes: the list and badge follow; a refusal ('Update Failed') puts the server's line back. */
export function useUpdateCartItem() {
  const toast = useToast();
  const utils = trpc.useUtils();
  return trpc.cart.update.useMutation({
    onSuccess: () => utils.cart.list.invalidate(),
    onError: (error) => {
      toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' });
      void utils.cart.list.invalidate();
    },
  });
}

export function useRemoveCartItem() {
  const toast = useToast();
  const utils = trpc.useUtils();
  return trpc.cart.remove.useMutation({
    onSuccess: () => {
      void utils.cart.list.invalidate();
      toast({ title: 'Item Removed', description: 'Item has been removed from your cart.' });
    },
    onError: (error) => toast({ title: 'Remove Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}
