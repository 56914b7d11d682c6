import { FormattedMessage, useIntl } from 'react-intl';
import { formatGiftCardCode } from '../../../shared/gift-card-code';
import { useFormatMoney } from '../../lib/money';
import { useApplyGiftCard, useRemoveGiftCard } from './cart-api';
import { CodeField } from './code-field';

const TEXTS = {
  label: 'giftCards.field',
  form: 'giftCards.field',
  placeholder: 'giftCards.enterCode',
  apply: 'giftCards.applyLabel',
  remove: 'giftCards.removeLabel',
} as const;

/**
 * The cart's "Gift card" field, beside "Discount code": an applied card shows what it pays of the order, or why it
 * pays nothing.
 */
export function GiftCardField({
  applied,
}: {
  applied: { code: string; amount: string; problem: string | null } | null;
}) {
  const money = useFormatMoney();
  const intl = useIntl();
  return (
    <CodeField
      texts={TEXTS}
      maxLength={40}
      testId="applied-gift-card"
      apply={useApplyGiftCard()}
      remove={useRemoveGiftCard()}
      applied={
        applied && {
          code: formatGiftCardCode(applied.code),
          detail:
            Number(applied.amount) > 0 ? (
              <p className="text-sm text-stone-700">
                <FormattedMessage id="giftCards.pays" values={{ amount: money(applied.amount) }} />
              </p>
            ) : (
              <p className="text-sm text-red-700" role="alert">
                {/* The server's sentence (void, expired, nothing left) is already in the page's language. */}
                <FormattedMessage
                  id="giftCards.paysNothing"
                  values={{ problem: applied.problem ?? intl.formatMessage({ id: 'giftCards.cannotPay' }) }}
                />
              </p>
            ),
        }
      }
    />
  );
}
