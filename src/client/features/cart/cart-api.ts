import { useIntl } from 'react-intl';
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
  const intl = useIntl();
  const toast = useToast();
  const utils = trpc.useUtils();
  return trpc.cart.update.useMutation({
    onSuccess: () => utils.cart.invalidate(),
    onError: (error) => {
      toast({
        title: intl.formatMessage({ id: 'cart.updateFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      });
      void utils.cart.invalidate();
    },
  });
}

export function useRemoveCartItem() {
  const intl = useIntl();
  const toast = useToast();
  const removeFailed = useRemoveFailed();
  const utils = trpc.useUtils();
  return trpc.cart.remove.useMutation({
    onSuccess: () => {
      void utils.cart.invalidate();
      toast({
        title: intl.formatMessage({ id: 'cart.itemRemoved' }),
        description: intl.formatMessage({ id: 'cart.itemRemovedText' }),
      });
    },
    onError: (error) => removeFailed(error),
  });
}

/** The cart priced by the server: subtotal, the applied code's discount (or why it no longer applies), tax, total. */
export function useCartSummary() {
  return trpc.cart.summary.useQuery();
}

/** Applies a discount code; a refusal is shown under the field by the caller, so no toast. */
export function useApplyDiscount() {
  const utils = trpc.useUtils();
  return trpc.cart.applyDiscount.useMutation({
    onSuccess: (priced) => utils.cart.summary.setData(undefined, priced),
  });
}

export function useRemoveDiscount() {
  const removeFailed = useRemoveFailed();
  const utils = trpc.useUtils();
  return trpc.cart.removeDiscount.useMutation({
    onSuccess: (priced) => utils.cart.summary.setData(undefined, priced),
    onError: (error) => removeFailed(error),
  });
}

/** The toast of a removal the server refused: the line or the code stays. */
function useRemoveFailed() {
  const intl = useIntl();
  const toast = useToast();
  return (error: unknown) =>
    toast({
      title: intl.formatMessage({ id: 'cart.removeFailed' }),
      description: errorMessage(error),
      variant: 'destructive',
    });
}

/** Applies a gift card to the cart; a refusal is shown under the field by the caller, so no toast. */
export function useApplyGiftCard() {
  const utils = trpc.useUtils();
  return trpc.cart.applyGiftCard.useMutation({
    onSuccess: (priced) => utils.cart.summary.setData(undefined, priced),
  });
}

export function useRemoveGiftCard() {
  const removeFailed = useRemoveFailed();
  const utils = trpc.useUtils();
  return trpc.cart.removeGiftCard.useMutation({
    onSuccess: (priced) => utils.cart.summary.setData(undefined, priced),
    onError: (error) => removeFailed(error),
  });
}
