import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromCents, orderNumber, toCents } from '../../../shared/orders';
import { useCurrencySign, useFormatMoney } from '../../lib/money';
import { ZRefundInput } from '../../../shared/orders-schema';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input, Textarea } from '../../components/ui/input';
import { useSentence } from '../../lib/i18n';
import { errorMessage } from '../../lib/trpc';
import { useRefundOrder, type Order } from './orders-api';

/** How many of each product of the order can still go back into stock: ordered, less what refunds put back. */
function restockable(order: Order) {
  const left = new Map<string, { name: string; quantity: number }>();
  for (const item of order.items) {
    if (!item.productId) continue;
    const line = left.get(item.productId) ?? { name: item.name, quantity: 0 };
    left.set(item.productId, { ...line, quantity: line.quantity + item.quantity });
  }
  for (const refund of order.refunds) {
    for (const r of refund.restock) {
      const line = left.get(r.productId);
      if (line) line.quantity -= r.quantity;
    }
  }
  return [...left].map(([productId, line]) => ({ productId, ...line }));
}

/**
 * Refund: an amount (at most what is left of the payment, filled in with it), a reason, and how many of each
 * line go back into stock. Checked with the request's own schema first; the server has the last word.
 */
export function RefundDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const intl = useIntl();
  const say = useSentence();
  const id = useId();
  const refund = useRefundOrder();
  const money = useFormatMoney();
  const currency = useCurrencySign();
  const left = toCents(order.total) - toCents(order.refundedAmount);
  const lines = restockable(order);
  const [amount, setAmount] = useState(fromCents(left));
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZRefundInput.safeParse({
      id: order.id,
      amount,
      reason,
      restock: lines
        .map((l) => ({ productId: l.productId, quantity: Number(restock[l.productId] || 0) }))
        .filter((l) => l.quantity !== 0),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      return setProblem(issue ? say(issue) : intl.formatMessage({ id: 'orders.refundCheck' }));
    }
    if (toCents(parsed.data.amount) > left) {
      return setProblem(intl.formatMessage({ id: 'orders.refundAtMost' }, { amount: money(fromCents(left)) }));
    }
    setProblem(null);
    refund.mutate(parsed.data, { onSuccess: onClose, onError: (error) => setProblem(errorMessage(error)) });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage({ id: 'orders.refundTitle' }, { number: orderNumber(order.id) })}
      description={intl.formatMessage(
        { id: 'orders.refundDescription' },
        { left: money(fromCents(left)), total: money(order.total) },
      )}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-amount`} className="text-sm font-medium text-stone-800">
            <FormattedMessage id="orders.refundAmount" values={{ currency }} />
          </label>
          <Input
            id={`${id}-amount`}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            inputMode="decimal"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-reason`} className="text-sm font-medium text-stone-800">
            <FormattedMessage id="orders.refundReason" />
          </label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={2}
            maxLength={500}
          />
        </div>
        {lines.length > 0 && (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-stone-800">
              <FormattedMessage id="orders.restock" />
            </legend>
            {lines.map((line) => (
              <div key={line.productId} className="flex items-center justify-between gap-3">
                <label htmlFor={`${id}-${line.productId}`} className="min-w-0 text-sm text-stone-700">
                  {line.name}{' '}
                  <span className="text-stone-600">
                    <FormattedMessage id="orders.upTo" values={{ count: line.quantity }} />
                  </span>
                </label>
                <div className="w-20 shrink-0">
                  <Input
                    id={`${id}-${line.productId}`}
                    type="number"
                    min={0}
                    max={line.quantity}
                    disabled={line.quantity === 0}
                    value={restock[line.productId] ?? '0'}
                    onChange={(e) => setRestock({ ...restock, [line.productId]: e.target.value })}
                  />
                </div>
              </div>
            ))}
          </fieldset>
        )}
        {problem && (
          <p id={`${id}-problem`} className="text-sm text-red-700" role="alert">
            {problem}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            <FormattedMessage id="orders.cancel" />
          </Button>
          <Button type="submit" variant="destructive" disabled={refund.isPending}>
            <FormattedMessage id={refund.isPending ? 'orders.refunding' : 'orders.issueRefund'} />
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
