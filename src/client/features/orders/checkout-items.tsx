import { FormattedMessage, useIntl } from 'react-intl';
import { fromCents, toCents } from '../../../shared/orders';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useFormatMoney } from '../../lib/money';
import type { RouterOutputs } from '../../lib/trpc';

/** The cart lines under review at checkout, each flagged when the shop no longer holds as many as ordered. */
export function CheckoutItems({ lines }: { lines: RouterOutputs['cart']['list'] }) {
  const money = useFormatMoney();
  const intl = useIntl();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="orders.review" />
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-stone-100" aria-label={intl.formatMessage({ id: 'orders.itemsLabel' })}>
          {lines.map((line) => (
            <li
              key={line.id}
              className="flex items-start justify-between gap-3 py-3 text-sm"
              data-testid="checkout-item"
            >
              <div>
                <p className="font-medium text-stone-900">{line.product.name}</p>
                <p className="text-stone-600">
                  <FormattedMessage id="orders.line" values={{ quantity: line.quantity, name: money(line.price) }} />
                </p>
                {line.quantity > line.product.inventory && (
                  <p className="font-medium text-red-700">
                    {line.product.inventory === 0 ? (
                      <FormattedMessage id="orders.outOfStock" />
                    ) : (
                      <FormattedMessage id="orders.onlyLeft" values={{ count: line.product.inventory }} />
                    )}
                  </p>
                )}
              </div>
              <span className="font-semibold text-stone-900">
                {money(fromCents(toCents(line.price) * line.quantity))}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
