import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { orderNumber } from '../../../shared/orders';
import { useToast } from '../../components/ui/toast';
import { goToPaymentPage } from '../../lib/payment-page';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc';

/** Packages on sale, the customer's credits, and buying one (docs/packages.md). */

type CreditItem = RouterOutputs['packages']['credits'][number];

export const usePackagesForSale = () => trpc.packages.list.useQuery();

export const useMyCredits = () => trpc.packages.credits.useQuery();

/** Buy: to the card page when card payments are configured, else to the order, paid at the business. */
export function usePurchasePackage() {
  const intl = useIntl();
  const toast = useToast();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  return trpc.packages.purchase.useMutation({
    onSuccess: ({ order, paymentUrl }) => {
      void utils.orders.invalidate();
      if (paymentUrl) return goToPaymentPage(paymentUrl);
      toast({
        title: intl.formatMessage({ id: 'packages.ordered' }),
        description: intl.formatMessage({ id: 'packages.orderedText' }, { number: orderNumber(order.id) }),
      });
      navigate(`/orders/${order.id}`);
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'packages.buyFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });
}

/** Whether a credit can pay for a session now, or why not. */
export function creditState(credit: Pick<CreditItem, 'remaining' | 'expiresAt'>, now = new Date()) {
  if (new Date(credit.expiresAt) <= now) return 'expired' as const;
  if (credit.remaining === 0) return 'usedUp' as const;
  return 'usable' as const;
}
