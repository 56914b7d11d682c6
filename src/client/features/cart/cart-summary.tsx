import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { cartTotals } from '../../../shared/orders';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { OrderTotals } from '../../entities/orders/order-totals';
import { useCartSummary } from './cart-api';
import { DiscountCodeField } from './discount-code-field';
import { GiftCardField } from './gift-card-field';

/**
 * The discount code field, then subtotal, discount, Free shipping, tax and total as the server prices the
 * cart (the lines' own totals stand in until its answer arrives); the page adds its action below.
 */
export function CartSummary({
  lines,
  children,
}: {
  lines: readonly { price: string; quantity: number }[];
  children?: ReactNode;
}) {
  const summary = useCartSummary();
  const totals = summary.data ?? { ...cartTotals(lines), discount: null };
  return (
    <Card className="h-fit" data-testid="order-summary">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="cart.summary" />
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <DiscountCodeField applied={summary.data?.discount ?? null} />
        <GiftCardField applied={summary.data?.giftCard ?? null} />
        <OrderTotals
          subtotal={totals.subtotal}
          discount={totals.discount}
          tax={totals.tax}
          total={totals.total}
          giftCardAmount={summary.data?.giftCard?.amount}
          className="border-t border-stone-200 pt-4"
        />
        {children}
      </CardContent>
    </Card>
  );
}
