import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc';

export type DiscountItem = RouterOutputs['discounts']['list'][number];

export function useDiscounts() {
  return trpc.discounts.list.useQuery();
}

/** A change to the codes: the list follows, and a toast says what happened (or why not). */
function useDiscountChange(done: string, failed: string) {
  const toast = useToast();
  const utils = trpc.useUtils();
  return {
    onSuccess: () => {
      void utils.discounts.list.invalidate();
      toast({ title: done });
    },
    onError: (error: unknown) => toast({ title: failed, description: errorMessage(error), variant: 'destructive' }),
  };
}

export const useCreateDiscount = () =>
  trpc.discounts.create.useMutation(useDiscountChange('Discount Code Created', 'Save Failed'));
export const useUpdateDiscount = () =>
  trpc.discounts.update.useMutation(useDiscountChange('Discount Code Updated', 'Save Failed'));
export const useDeleteDiscount = () =>
  trpc.discounts.remove.useMutation(useDiscountChange('Discount Code Deleted', 'Delete Failed'));
