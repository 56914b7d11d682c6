import type { ReactNode } from 'react';
import { cartTotals, formatMoney } from '../../../shared/orders';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

/** Subtotal, Free shipping, 10% tax and total, with two decimals; the page adds its action below. */
export function CartSummary({ lines, children }: { lines: readonly { price: string; quantity: number }[]; children?: ReactNode }) {
  const totals = cartTotals(lines);
  return (
    <Card className="h-fit" data-testid="order-summary">
      <CardHeader>
        <CardTitle>Order Summary</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <dl className="flex flex-col gap-2 text-sm">
          <Row label="Subtotal" value={formatMoney(totals.subtotal)} testId="summary-subtotal" />
          <Row label="Shipping" value="Free" testId="summary-shipping" />
          <Row label="Tax" value={formatMoney(totals.tax)} testId="summary-tax" />
          <div className="my-1 border-t border-stone-200" />
          <Row label="Total" value={formatMoney(totals.total)} testId="summary-total" strong />
        </dl>
        {children}
      </CardContent>
    </Card>
  );
}

function Row({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between text-base font-semibold text-stone-900' : 'flex justify-between text-stone-700'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
