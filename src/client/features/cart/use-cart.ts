import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';

/** docs/catalogue.md: the badge is the sum of quantities. */
export function useCartCount(): number {
  const cart = trpc.cart.list.useQuery();
  return (cart.data ?? []).reduce((sum, item) => sum + item.quantity, 0);
}

/** Add to Cart: a toast either way, and the badge follows. */
export function useAddToCart() {
  const toast = useToast();
  const utils = trpc.useUtils();
  return trpc.cart.add.useMutation({
    onSuccess: (item) => {
      void utils.cart.list.invalidate();
      toast({ title: 'Added to Cart', description: `${item.product.name} has been added to your cart.` });
    },
    onError: (error) => toast({ title: 'Add to Cart Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}
