import { trpc } from '../../lib/trpc';

/** SPEC.md §3: the badge is the sum of quantities. */
export function useCartCount(): number {
  const cart = trpc.cart.list.useQuery();
  return (cart.data ?? []).reduce((sum, item) => sum + item.quantity, 0);
}
