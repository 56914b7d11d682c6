import { FormattedMessage } from 'react-intl';
import { formatGiftCardCode } from '../../../shared/gift-card-code';
import type { Order } from './orders-api';

/**
 * On an order that bought a gift card: its code and where it was sent (the buyer and staff see it), or, until the
 * order is paid, that the card is made then.
 */
export function BoughtGiftCard({ order }: { order: Order }) {
  const card = order.boughtGiftCard;
  if (!card && !(order.buys === 'gift_card' && order.paymentStatus === 'unpaid' && order.status !== 'cancelled'))
    return null;
  return (
    <section
      className="flex flex-col gap-1 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm"
      data-testid="bought-gift-card"
    >
      <h3 className="font-semibold text-stone-900">
        <FormattedMessage id="giftCards.onOrderTitle" />
      </h3>
      {card ? (
        <>
          <p className="text-stone-700">
            <FormattedMessage
              id="giftCards.onOrderCode"
              values={{
                code: (
                  <span
                    className="break-all font-mono font-semibold text-brand-800"
                    translate="no"
                    data-testid="gift-card-code"
                  >
                    {formatGiftCardCode(card.code)}
                  </span>
                ),
              }}
            />
          </p>
          <p className="text-stone-700">
            <FormattedMessage id="giftCards.onOrderSent" values={{ email: card.recipientEmail }} />
          </p>
        </>
      ) : (
        <p className="text-stone-700">
          <FormattedMessage id="giftCards.onOrderPending" />
        </p>
      )}
    </section>
  );
}
