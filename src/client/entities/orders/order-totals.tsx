import { useIntl } from 'react-intl';
import { fromCents, toCents } from '../../../shared/orders';
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
  giftCardAmount,
  className,
}: {
  subtotal: string;
  /** The code and what it took off; a code that takes nothing off now still shows, at $0.00. */
  discount?: { code: string | null; amount: string } | null;
  tax: string;
  total: string;
  /** What a gift card pays of the total; when it pays anything, the amount left to pay follows the total. */
  giftCardAmount?: string | null;
  className?: string;
}) {
  const intl = useIntl();
  const money = useFormatMoney();
  const showDiscount = !!discount && (!!discount.code || Number(discount.amount) > 0);
  return (
    <dl className={cn('flex flex-col gap-2 text-sm', className)}>
      <Row label={intl.formatMessage({ id: 'entities.subtotal' })} value={money(subtotal)} testId="summary-subtotal" />
      {showDiscount && (
        <Row
          label={
            discount.code
              ? intl.formatMessage({ id: 'entities.discountCode' }, { code: discount.code })
              : intl.formatMessage({ id: 'entities.discount' })
          }
          value={`−${money(discount.amount)}`}
          testId="summary-discount"
        />
      )}
      <Row
        label={intl.formatMessage({ id: 'entities.shipping' })}
        value={intl.formatMessage({ id: 'entities.free' })}
        testId="summary-shipping"
      />
      <Row label={intl.formatMessage({ id: 'entities.tax' })} value={money(tax)} testId="summary-tax" />
      <div className="my-1 border-t border-stone-200" />
      <Row label={intl.formatMessage({ id: 'entities.total' })} value={money(total)} testId="summary-total" strong />
      {!!giftCardAmount && Number(giftCardAmount) > 0 && (
        <>
          <Row
            label={intl.formatMessage({ id: 'entities.giftCard' })}
            value={`−${money(giftCardAmount)}`}
            testId="summary-gift-card"
          />
          <Row
            label={intl.formatMessage({ id: 'entities.amountDue' })}
            value={money(fromCents(toCents(total) - toCents(giftCardAmount)))}
            testId="summary-amount-due"
            strong
          />
        </>
      )}
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
