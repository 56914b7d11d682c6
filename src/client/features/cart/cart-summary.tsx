import type { ReactNode } from 'react';
import { cartTotals } from '../../../shared/orders';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { OrderTotals } from '../../entities/orders/order-totals';

/** Subtotal, Free shipping, 10% tax and total, with two decimals; the page adds its action below. */
export function CartSummary({
  lines,
  children,
}: {
  lines: readonly { price: string; quantity: number }[];
  children?: ReactNode;
}) {
  const totals = cartTotals(lines);
  return (
    <Card className="h-fit" data-testid="order-summary">
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <OrderTotals subtotal={totals.subtotal} tax={totals.tax} total={totals.total} />
        {children}
      </CardContent>
    </Card>
  );
}
