import { cn } from '../../lib/cn';
import { useFormatMoney } from '../../lib/money';

/**
 * Subtotal, the discount when there is one, Free shipping, tax and total with two decimals: the cart, the
 * checkout and an order show the same.
 */
export function OrderTotals({
  subtotal,
  discount,
  tax,
  total,
  className,
}: {
  subtotal: string;
  /** The code and what it took off; a code that takes nothing off now still shows, at $0.00. */
  discount?: { code: string | null; amount: string } | null;
  tax: string;
  total: string;
  className?: string;
}) {
  const money = useFormatMoney();
  const showDiscount = !!discount && (!!discount.code || Number(discount.amount) > 0);
  return (
    <dl className={cn('flex flex-col gap-2 text-sm', className)}>
      <Row label="Subtotal" value={money(subtotal)} testId="summary-subtotal" />
      {showDiscount && (
        <Row
          label={discount.code ? `Discount (${discount.code})` : 'Discount'}
          value={`−${money(discount.amount)}`}
          testId="summary-discount"
        />
      )}
      <Row label="Shipping" value="Free" testId="summary-shipping" />
      <Row label="Tax" value={money(tax)} testId="summary-tax" />
      <div className="my-1 border-t border-stone-200" />
      <Row label="Total" value={money(total)} testId="summary-total" strong />
    </dl>
  );
}

function Row({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div
      className={
        strong ? 'flex justify-between text-base font-semibold text-stone-900' : 'flex justify-between text-stone-700'
      }
    >
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
