import { useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/en';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc';

export type GiftCardItem = RouterOutputs['giftCards']['list'][number];
type GiftCardDetail = RouterOutputs['giftCards']['get'];

export const useGiftCards = () => trpc.giftCards.list.useQuery();
export const useGiftCard = (id: string) => trpc.giftCards.get.useQuery({ id }, { retry: false });

/** A change to the cards: the list and the card follow, and a toast says what happened (or why not). */
function useGiftCardChange(done: MessageId, failed: MessageId) {
  const intl = useIntl();
  const toast = useToast();
  const utils = trpc.useUtils();
  return {
    onSuccess: (card: GiftCardDetail) => {
      utils.giftCards.get.setData({ id: card.id }, card);
      void utils.giftCards.list.invalidate();
      toast({ title: intl.formatMessage({ id: done }) });
    },
    onError: (error: unknown) =>
      toast({ title: intl.formatMessage({ id: failed }), description: errorMessage(error), variant: 'destructive' }),
  };
}

export const useIssueGiftCard = () =>
  trpc.giftCards.issue.useMutation(useGiftCardChange('giftCards.issued', 'giftCards.issueFailed'));
export const useVoidGiftCard = () =>
  trpc.giftCards.void.useMutation(useGiftCardChange('giftCards.voided', 'giftCards.voidFailed'));
