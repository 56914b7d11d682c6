import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { orderNumber } from '../../../shared/orders';
import { useFormatMoney } from '../../lib/money';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc, type RouterInputs, type RouterOutputs } from '../../lib/trpc';
import { goToPaymentPage } from '../../lib/payment-page';

export type Order = RouterOutputs['orders']['get'];
export type OrderFilters = RouterInputs['orders']['list'];
/** One order as the staff list shows it. */
export type ListedOrder = RouterOutputs['orders']['list'][number];

/** How many orders the staff list shows at a time; "Show older orders" reads the next as many. */
const ORDERS_PAGE_SIZE = 50;

/** Every order matching the filters, newest first, a page at a time (the next page starts after the last order). */
export function useOrderPages(filters: Omit<OrderFilters, 'limit' | 'cursor'> = {}) {
  return trpc.orders.list.useInfiniteQuery(
    { ...filters, limit: ORDERS_PAGE_SIZE },
    {
      getNextPageParam: (last) => (last.length === ORDERS_PAGE_SIZE ? last[last.length - 1]!.id : undefined),
      placeholderData: (previous) => previous,
    },
  );
}

/** How often, and for how long, an order is read again while its card payment is being confirmed. */
const CONFIRM_POLL_MS = 1500;
const CONFIRM_WAIT_MS = 30_000;

export const awaitsCardPayment = (order: Pick<Order, 'paymentProvider' | 'status' | 'paymentStatus'>) =>
  order.paymentProvider !== 'manual' && order.status === 'pending' && order.paymentStatus === 'unpaid';

/** One order; with poll, read again every CONFIRM_POLL_MS for as long as it waits for its card payment. */
export function useOrder(id: string, opts: { poll?: boolean } = {}) {
  return trpc.orders.get.useQuery(
    { id },
    {
      retry: false,
      refetchInterval: (query) =>
        opts.poll && query.state.data && awaitsCardPayment(query.state.data) ? CONFIRM_POLL_MS : false,
    },
  );
}

/**
 * Back from the payment page, the provider's confirmation reaches the server separately, usually within
 * seconds: true while it is still worth waiting for it (CONFIRM_WAIT_MS), then false.
 */
export function useConfirmationWait(active: boolean): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setOver(true), CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, [active]);
  return active && !over;
}

export function usePaymentMethods() {
  return trpc.orders.paymentMethods.useQuery();
}

/**
 * Places the order: pay on pickup, or card, where the order is placed with a payment on the card provider's own
 * page and the browser goes there to pay (it comes back to the order page). Either way a refusal is 'Checkout
 * Failed' with the server's reason, and the cart is read again so that it shows what is left.
 */
export function usePlaceOrder(onPlaced: (order: Order) => void) {
  const intl = useIntl();
  const toast = useToast();
  const utils = trpc.useUtils();
  const checkout = trpc.orders.checkout.useMutation();
  const place = async (method: 'manual' | 'stripe') => {
    try {
      const { paymentUrl, ...order } = await checkout.mutateAsync(
        method === 'stripe' ? { paymentMethod: 'stripe' } : {},
      );
      utils.orders.get.setData({ id: order.id }, order);
      void utils.orders.list.invalidate();
      void utils.cart.invalidate();
      void utils.products.list.invalidate();
      if (paymentUrl) goToPaymentPage(paymentUrl);
      else onPlaced(order);
    } catch (error) {
      toast({
        title: intl.formatMessage({ id: 'orders.checkoutFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      });
      void utils.cart.invalidate();
    }
  };
  // While the browser leaves for the payment page the button stays busy.
  return { place, isPending: checkout.isPending, isRedirecting: checkout.isSuccess && !!checkout.data?.paymentUrl };
}

/** Pay Now on a pending card order: opens (or reopens) its payment page and goes there. */
export function usePayOrder() {
  const intl = useIntl();
  const toast = useToast();
  const pay = trpc.orders.pay.useMutation({
    onSuccess: ({ url }) => goToPaymentPage(url),
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'orders.paymentFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });
  return { pay: (id: string) => pay.mutate({ id }), isPending: pay.isPending || pay.isSuccess };
}

function useOrderChange() {
  const utils = trpc.useUtils();
  return (order: Order) => {
    utils.orders.get.setData({ id: order.id }, order);
    void utils.orders.list.invalidate();
  };
}

export function useSetOrderStatus() {
  const intl = useIntl();
  const toast = useToast();
  const changed = useOrderChange();
  return trpc.orders.setStatus.useMutation({
    onSuccess: (order) => {
      changed(order);
      toast({
        title: intl.formatMessage({ id: 'orders.updated' }),
        description: intl.formatMessage(
          { id: 'orders.nowStatus' },
          { number: order.id.slice(-8), status: order.status },
        ),
      });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'orders.updateFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });
}

export function useMarkOrderPaid() {
  const intl = useIntl();
  const toast = useToast();
  const changed = useOrderChange();
  return trpc.orders.markPaid.useMutation({
    onSuccess: (order) => {
      changed(order);
      toast({
        title: intl.formatMessage({ id: 'orders.updated' }),
        description: intl.formatMessage({ id: 'orders.markedPaid' }, { number: orderNumber(order.id) }),
      });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'orders.updateFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });
}

/** A refund of part or all of a paid order; the caller closes its dialog on success. */
export function useRefundOrder() {
  const intl = useIntl();
  const toast = useToast();
  const money = useFormatMoney();
  const changed = useOrderChange();
  return trpc.orders.refund.useMutation({
    onSuccess: (order) => {
      changed(order);
      const last = order.refunds.at(-1);
      const number = orderNumber(order.id);
      toast({
        title: intl.formatMessage({ id: 'orders.refundIssued' }),
        description: last
          ? intl.formatMessage({ id: 'orders.refundIssuedText' }, { amount: money(last.amount), number })
          : intl.formatMessage({ id: 'orders.refundIssuedTextNoAmount' }, { number }),
      });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'orders.refundFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });
}
