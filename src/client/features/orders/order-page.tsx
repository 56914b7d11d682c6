import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { fromCents, orderNumber, toCents } from '../../../shared/orders';
import { Button, ButtonLink } from '../../components/ui/button';
import { OrderTotals } from '../../components/ui/order-totals';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { OrderStatusBadge } from '../../components/ui/order-status-badge';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/trpc';
import {
  awaitsCardPayment,
  paymentStatusTexts,
  useConfirmationWait,
  useOrder,
  usePayOrder,
  type Order,
} from './orders-api';
import { RefundList } from './refund-list';
import { useTimeZone } from '../../lib/session';
import { stampOf } from '../../lib/zoned-time';
import { useFormatMoney } from '../../lib/money';

/** What the confirmation says about paying, once the order is placed or the customer is back from the card payment page. */
function paymentNote(o: Order, backFromPayment: boolean, waiting: boolean) {
  if (o.paymentProvider === 'manual') return 'You pay when you pick your order up.';
  if (o.paymentStatus === 'paid') return 'Payment received. We are preparing your order.';
  if (o.status === 'cancelled') return 'This order was cancelled because its payment was not completed.';
  if (!backFromPayment) return 'We start on your order as soon as your card payment is confirmed.';
  if (waiting) return 'Payment received, confirming…';
  return 'Your payment has not been confirmed yet. This can take a few minutes: check again shortly.';
}

function PayNow({ order }: { order: Order }) {
  const { pay, isPending } = usePayOrder();
  return (
    <Button onClick={() => pay(order.id)} disabled={isPending} className="shrink-0 whitespace-nowrap">
      {isPending ? 'Opening payment...' : 'Pay Now'}
    </Button>
  );
}

/**
 * /orders/{id}: the customer's order. Right after checkout, or back from the card payment page
 * (?payment=success), it is the confirmation; a card order still waiting for its payment offers Pay Now, and
 * says so when the customer came back without paying (?payment=cancelled).
 */
export function OrderPage() {
  const money = useFormatMoney();
  const timeZone = useTimeZone();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const returned = params.get('payment');
  const backFromPayment = returned === 'success';
  const placed = (useLocation().state as { placed?: boolean } | null)?.placed === true || backFromPayment;
  const waiting = useConfirmationWait(backFromPayment);
  const order = useOrder(id, { poll: waiting });
  if (order.isLoading) return <Spinner label="Loading your order" className="min-h-[40vh]" />;
  if (order.isError || !order.data)
    return <p className="text-red-700">{errorMessage(order.error, 'Order not found')}</p>;
  const o = order.data;
  const unpaidCard = awaitsCardPayment(o);
  const confirming = backFromPayment && unpaidCard;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      {placed && (
        <Card className="border-green-200 bg-green-50">
          <CardContent className="flex flex-col items-center gap-2 py-8 text-center">
            <svg
              viewBox="0 0 24 24"
              width="40"
              height="40"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              className="text-green-700"
              aria-hidden="true"
            >
              <circle cx="12" cy="12" r="10" />
              <path d="m8 12 3 3 5-6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <h1 className="text-2xl font-bold text-stone-900">Thank you for your order!</h1>
            <p className="text-stone-700">
              Your order number is <strong data-testid="order-number">#{orderNumber(o.id)}</strong>. A confirmation is
              on its way to {o.customer.email}.
            </p>
            <p role="status" className="flex items-center gap-2 text-sm text-stone-700" data-testid="payment-note">
              {confirming && waiting && (
                <span
                  className="h-4 w-4 animate-spin rounded-full border-2 border-green-200 border-t-green-700"
                  aria-hidden="true"
                />
              )}
              {paymentNote(o, backFromPayment, waiting)}
            </p>
            {confirming && !waiting && (
              <Button variant="outline" size="sm" onClick={() => void order.refetch()} disabled={order.isFetching}>
                Check Again
              </Button>
            )}
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          {placed ? (
            <CardTitle>Order #{orderNumber(o.id)}</CardTitle>
          ) : (
            <h1 className="text-lg font-semibold text-stone-900">Order #{orderNumber(o.id)}</h1>
          )}
          <OrderStatusBadge status={o.status} />
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {unpaidCard && !backFromPayment && (
            <div
              className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
              data-testid="pay-now-panel"
            >
              <div>
                <h2 className="font-semibold text-stone-900">
                  {returned === 'cancelled' ? 'Payment not completed' : 'Waiting for your card payment'}
                </h2>
                <p className="text-sm text-stone-700">
                  {returned === 'cancelled' ? 'Your card was not charged. ' : ''}
                  Your items are kept for you for a while: pay {money(o.total)} now to complete your order.
                </p>
              </div>
              <PayNow order={o} />
            </div>
          )}
          {o.status === 'cancelled' && o.paymentStatus === 'failed' && !placed && (
            <p
              className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800"
              data-testid="payment-failed-note"
            >
              This order was cancelled because its card payment was not completed. Nothing was charged.
            </p>
          )}
          <p className="text-sm text-stone-600">
            Placed {stampOf(o.createdAt, timeZone)} ·{' '}
            <span data-testid="order-payment-status">
              {confirming ? 'Confirming payment' : paymentStatusTexts[o.paymentStatus]}
            </span>
          </p>
          <ul className="divide-y divide-stone-100 text-sm" aria-label="Order items">
            {o.items.map((item, i) => (
              <li key={i} className="flex justify-between gap-3 py-2">
                <span>
                  {item.quantity} × {item.name}
                </span>
                <span className="font-medium">{money(fromCents(toCents(item.price) * item.quantity))}</span>
              </li>
            ))}
          </ul>
          <OrderTotals
            subtotal={o.subtotal}
            discount={{ code: o.discountCode, amount: o.discount }}
            tax={o.tax}
            total={o.total}
            className="border-t border-stone-200 pt-3"
          />
          <RefundList order={o} timeZone={timeZone} />
        </CardContent>
      </Card>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/profile" variant="outline">
          View Order History
        </ButtonLink>
        <ButtonLink to="/products">Continue Shopping</ButtonLink>
      </div>
    </div>
  );
}
