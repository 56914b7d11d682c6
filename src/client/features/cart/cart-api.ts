import { trpc } from '../../lib/trpc';

/** The badge is the sum of quantities (docs/catalogue.md). */
export function useCartCount(): number {
  const cart = trpc.cart.list.useQuery();
  return (cart.data ?? []).reduce((sum, item) => sum + item.quantity, 0);
}
