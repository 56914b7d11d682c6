import { fromCents, toCents } from '../../../shared/orders';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useFormatMoney } from '../../lib/money';
import type { RouterOutputs } from '../../lib/trpc';

/** The cart lines under review at checkout, each flagged when the shop no longer holds as many as ordered. */
export function CheckoutItems({ lines }: { lines: RouterOutputs['cart']['list'] }) {
  const money = useFormatMoney();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Review Your Order</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-stone-100" aria-label="Order items">
          {lines.map((line) => (
            <li
              key={line.id}
              className="flex items-start justify-between gap-3 py-3 text-sm"
              data-testid="checkout-item"
            >
              <div>
                <p className="font-medium text-stone-900">{line.product.name}</p>
                <p className="text-stone-600">
                  {line.quantity} × {money(line.price)}
                </p>
                {line.quantity > line.product.inventory && (
                  <p className="font-medium text-red-700">
                    {line.product.inventory === 0 ? 'Out of stock' : `Only ${line.product.inventory} left in stock`}
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
