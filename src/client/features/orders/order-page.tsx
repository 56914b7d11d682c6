import { useLocation, useParams } from 'react-router-dom';
import { formatMoney, fromCents, orderNumber, toCents } from '../../../shared/orders';
import { ButtonLink } from '../../components/ui/button';
import { OrderTotals } from '../../components/ui/order-totals';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { OrderStatusBadge } from '../../components/ui/order-status-badge';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, trpc } from '../../lib/trpc';
import { formatOrderDate, useOrder, type Order } from './orders-api';

const paymentTexts: Record<Order['paymentStatus'], string> = {
  unpaid: 'Not paid yet',
  paid: 'Paid',
  failed: 'Payment failed',
  refunded: 'Refunded',
};

/** /orders/{id}: the customer's order; right after checkout it is the confirmation page. */
export function OrderPage() {
  const { id = '' } = useParams();
  const placed = (useLocation().state as { placed?: boolean } | null)?.placed === true;
  const order = useOrder(id);
  const settings = trpc.settings.get.useQuery();
  if (order.isLoading) return <Spinner label="Loading your order" className="min-h-[40vh]" />;
  if (order.isError || !order.data) return <p className="text-red-700">{errorMessage(order.error, 'Order not found')}</p>;
  const o = order.data;
  const timeZone = settings.data?.timezone ?? 'UTC';

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      {placed && (
        <Card className="border-green-200 bg-green-50">
          <CardContent className="flex flex-col items-center gap-2 py-8 text-center">
            <svg viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="2" className="text-green-700" aria-hidden="true">
              <circle cx="12" cy="12" r="10" />
              <path d="m8 12 3 3 5-6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <h1 className="text-2xl font-bold text-stone-900">Thank you for your order!</h1>
            <p className="text-stone-700">
              Your order number is <strong data-testid="order-number">#{orderNumber(o.id)}</strong>. A confirmation is on its way to {o.customer.email}.
            </p>
            <p className="text-sm text-stone-600">
              {o.paymentProvider === 'manual' ? 'You pay when you pick your order up.' : 'We start on your order as soon as your card payment is confirmed.'}
            </p>
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          {placed ? <CardTitle>Order #{orderNumber(o.id)}</CardTitle> : <h1 className="text-lg font-semibold text-stone-900">Order #{orderNumber(o.id)}</h1>}
          <OrderStatusBadge status={o.status} />
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="text-sm text-stone-600">
            Placed {formatOrderDate(o.createdAt, timeZone, 'MMM dd, yyyy HH:mm')} · {paymentTexts[o.paymentStatus]}
          </p>
          <ul className="divide-y divide-stone-100 text-sm" aria-label="Order items">
            {o.items.map((item, i) => (
              <li key={i} className="flex justify-between gap-3 py-2">
                <span>
                  {item.quantity} × {item.name}
                </span>
                <span className="font-medium">{formatMoney(fromCents(toCents(item.price) * item.quantity))}</span>
              </li>
            ))}
          </ul>
          <OrderTotals subtotal={o.subtotal} tax={o.tax} total={o.total} className="border-t border-stone-200 pt-3" />
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
