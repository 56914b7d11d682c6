import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { hasPermission, type Permission } from '../../../shared/roles';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc, type RouterInputs, type RouterOutputs } from '../../lib/trpc';

export type Order = RouterOutputs['orders']['get'];
export type OrderFilters = RouterInputs['orders']['list'];

export function useOrders(filters: OrderFilters = {}) {
  return trpc.orders.list.useQuery(filters, { placeholderData: (previous) => previous });
}

export function useOrder(id: string) {
  return trpc.orders.get.useQuery({ id }, { retry: false });
}

export function usePaymentMethods() {
  return trpc.orders.paymentMethods.useQuery();
}

export function useCurrentUserForOrders() {
  return trpc.auth.user.useQuery(undefined, { retry: false, throwOnError: false });
}

/** Whether the signed-in person holds a permission (the one rule the whole app uses). */
export function holds(user: { role: string; permissions: readonly string[] } | null | undefined, permission: Permission): boolean {
  return hasPermission(user, permission);
}

/**
 * Places the order: pay on pickup sends the checkout alone; card opens a payment for the server-priced cart
 * first and names it. Either way a refusal is 'Checkout Failed' with the server's reason, and the cart is read
 * again so that it shows what is left.
 */
export function usePlaceOrder(onPlaced: (order: Order) => void) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const intent = trpc.orders.createPaymentIntent.useMutation();
  const checkout = trpc.orders.checkout.useMutation();
  const place = async (method: 'manual' | 'stripe', subtotal: string) => {
    try {
      const paymentIntentId = method === 'stripe' ? (await intent.mutateAsync({ amount: subtotal })).paymentIntentId : undefined;
      const order = await checkout.mutateAsync(paymentIntentId ? { paymentIntentId } : {});
      utils.orders.get.setData({ id: order.id }, order);
      void utils.orders.list.invalidate();
      void utils.cart.list.invalidate();
      void utils.products.list.invalidate();
      onPlaced(order);
    } catch (error) {
      toast({ title: 'Checkout Failed', description: errorMessage(error), variant: 'destructive' });
      void utils.cart.list.invalidate();
    }
  };
  return { place, isPending: intent.isPending || checkout.isPending };
}

function useOrderChange() {
  const utils = trpc.useUtils();
  return (order: Order) => {
    utils.orders.get.setData({ id: order.id }, order);
    void utils.orders.list.invalidate();
  };
}

export function useSetOrderStatus() {
  const toast = useToast();
  const changed = useOrderChange();
  return trpc.orders.setStatus.useMutation({
    onSuccess: (order) => {
      changed(order);
      toast({ title: 'Order Updated', description: `Order #${order.id.slice(-8)} is now ${order.status}.` });
    },
    onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

export function useMarkOrderPaid() {
  const toast = useToast();
  const changed = useOrderChange();
  return trpc.orders.markPaid.useMutation({
    onSuccess: (order) => {
      changed(order);
      toast({ title: 'Order Updated', description: `Order #${order.id.slice(-8)} is marked as paid.` });
    },
    onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** A date as the business reads it, e.g. "Nov 22, 2026". */
export function formatOrderDate(instant: string, timeZone: string, pattern = 'MMM dd, yyyy'): string {
  return format(new TZDate(instant, timeZone), pattern);
}

