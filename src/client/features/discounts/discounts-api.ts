import { useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/en';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc';

export type DiscountItem = RouterOutputs['discounts']['list'][number];

export function useDiscounts() {
  return trpc.discounts.list.useQuery();
}

/** A change to the codes: the list follows, and a toast says what happened (or why not). */
function useDiscountChange(done: MessageId, failed: MessageId) {
  const intl = useIntl();
  const toast = useToast();
  const utils = trpc.useUtils();
  return {
    onSuccess: () => {
      void utils.discounts.list.invalidate();
      toast({ title: intl.formatMessage({ id: done }) });
    },
    onError: (error: unknown) =>
      toast({ title: intl.formatMessage({ id: failed }), description: errorMessage(error), variant: 'destructive' }),
  };
}

export const useCreateDiscount = () =>
  trpc.discounts.create.useMutation(useDiscountChange('discounts.created', 'discounts.saveFailed'));
export const useUpdateDiscount = () =>
  trpc.discounts.update.useMutation(useDiscountChange('discounts.updated', 'discounts.saveFailed'));
export const useDeleteDiscount = () =>
  trpc.discounts.remove.useMutation(useDiscountChange('discounts.deleted', 'discounts.deleteFailed'));
