import { FormattedMessage } from 'react-intl';
import { useSentence } from '../../lib/i18n';
import { useFormatMoney } from '../../lib/money';
import { dateOf } from '../../lib/zoned-time';
import type { Order } from './orders-api';

/** An order's refunds, oldest first, and how much of the total has gone back. Nothing when there are none. */
export function RefundList({ order, timeZone }: { order: Order; timeZone: string }) {
  const money = useFormatMoney();
  // A reason the product gave itself ("Order cancelled") is said in the page's language; a typed one as typed.
  const say = useSentence();
  if (order.refunds.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-labelledby={`refunds-${order.id}`} data-testid="refunds">
      <h2 id={`refunds-${order.id}`} className="text-sm font-semibold text-stone-900">
        <FormattedMessage id="orders.refunds" />
      </h2>
      <ul className="divide-y divide-stone-100 text-sm">
        {order.refunds.map((refund) => (
          <li key={refund.id} className="flex justify-between gap-3 py-2" data-testid="refund">
            <span className="min-w-0">
              <span className="block text-stone-800">{dateOf(refund.createdAt, timeZone)}</span>
              {refund.reason && <span className="block break-words text-stone-600">{say(refund.reason)}</span>}
            </span>
            <span className="shrink-0 font-medium text-stone-900">−{money(refund.amount)}</span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between border-t border-stone-200 pt-2 text-sm font-medium text-stone-900">
        <span>
          <FormattedMessage id="orders.refunded" />
        </span>
        <span data-testid="refunded-amount">
          <FormattedMessage
            id="orders.refundedOf"
            values={{ refunded: money(order.refundedAmount), total: money(order.total) }}
          />
        </span>
      </p>
    </section>
  );
}
