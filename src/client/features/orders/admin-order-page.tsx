import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { fromCents, orderNumber, orderTransitions, toCents } from '../../../shared/orders';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { OrderStatusBadge } from '../../components/ui/order-status-badge';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/trpc';
import { paymentStatusTexts, useMarkOrderPaid, useOrder, useSetOrderStatus } from './orders-api';
import { RefundDialog } from './refund-dialog';
import { RefundList } from './refund-list';
import { OrderTotals } from '../../components/ui/order-totals';
import { useCurrentUser, useTimeZone } from '../../lib/session';
import { stampOf } from '../../lib/zoned-time';
import { useFormatMoney } from '../../lib/money';
import { can } from '../../../shared/roles';

const moveLabels = { processing: 'Mark Processing', completed: 'Mark Completed' } as const;

/** /admin/orders/{id}: lines, customer, payment, and the actions the order's status allows. */
export function AdminOrderPage() {
  const money = useFormatMoney();
  const timeZone = useTimeZone();
  const { id = '' } = useParams();
  const order = useOrder(id);
  const { user } = useCurrentUser();
  const setStatus = useSetOrderStatus();
  const markPaid = useMarkOrderPaid();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [refunding, setRefunding] = useState(false);

  if (order.isLoading) return <Spinner label="Loading order" />;
  if (order.isError || !order.data) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-red-700">{errorMessage(order.error, 'Order not found')}</p>
        <ButtonLink to="/admin/orders" variant="outline">
          Back to Orders
        </ButtonLink>
      </div>
    );
  }
  const o = order.data;
  const canEdit = can(user, 'orders.edit');
  const canTakePayment =
    can(user, 'payments.process') &&
    o.paymentProvider === 'manual' &&
    o.paymentStatus === 'unpaid' &&
    o.status !== 'cancelled';
  const moves = orderTransitions[o.status].filter((s) => s !== 'cancelled') as ('processing' | 'completed')[];
  const cancellable = orderTransitions[o.status].includes('cancelled');
  const busy = setStatus.isPending || markPaid.isPending;
  const canRefund =
    can(user, 'orders.refund') && (o.paymentStatus === 'paid' || o.paymentStatus === 'partially_refunded');

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <h1 className="text-2xl font-bold text-stone-900">Order #{orderNumber(o.id)}</h1>
          <OrderStatusBadge status={o.status} />
        </div>
        <ButtonLink to="/admin/orders" variant="outline" size="sm">
          Back to Orders
        </ButtonLink>
      </div>

      {(canRefund || ((canEdit || canTakePayment) && (moves.length > 0 || cancellable || canTakePayment))) && (
        <div className="flex flex-wrap gap-2" aria-label="Order actions" role="group">
          {canEdit &&
            moves.map((status) => (
              <Button key={status} disabled={busy} onClick={() => setStatus.mutate({ id: o.id, status })}>
                {moveLabels[status]}
              </Button>
            ))}
          {canTakePayment && (
            <Button variant="secondary" disabled={busy} onClick={() => markPaid.mutate({ id: o.id })}>
              Mark Paid
            </Button>
          )}
          {canRefund && (
            <Button variant="outline" disabled={busy} onClick={() => setRefunding(true)}>
              Refund
            </Button>
          )}
          {canEdit && cancellable && (
            <Button variant="destructive-outline" disabled={busy} onClick={() => setConfirmCancel(true)}>
              Cancel Order
            </Button>
          )}
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <Card>
          <CardHeader>
            <CardTitle>Items</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ul className="divide-y divide-stone-100 text-sm">
              {o.items.map((item, i) => (
                <li key={i} className="flex justify-between gap-3 py-2">
                  <span>
                    {item.quantity} × {item.name} <span className="text-stone-600">at {money(item.price)}</span>
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
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Customer</CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-stone-800">
              <p className="font-medium" data-testid="order-customer">
                {o.customer.firstName} {o.customer.lastName}
              </p>
              <a href={`mailto:${o.customer.email}`} className="text-brand-700 underline-offset-2 hover:underline">
                {o.customer.email}
              </a>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Payment</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-1 text-sm text-stone-800">
              <p>{o.paymentProvider === 'manual' ? 'Pay on pickup' : 'Card'}</p>
              <p data-testid="payment-status">{paymentStatusTexts[o.paymentStatus]}</p>
              <p className="text-stone-600">Placed {stampOf(o.createdAt, timeZone)}</p>
              <p className="text-stone-600">Updated {stampOf(o.updatedAt, timeZone)}</p>
            </CardContent>
          </Card>
        </div>
      </div>

      {refunding && <RefundDialog order={o} onClose={() => setRefunding(false)} />}
      <ConfirmDialog
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title="Cancel this order?"
        description={
          o.paymentStatus === 'paid' || o.paymentStatus === 'partially_refunded'
            ? 'The items go back into stock and what is left of the payment is refunded. This cannot be undone.'
            : 'The items go back into stock. This cannot be undone.'
        }
        confirmLabel="Cancel Order"
        destructive
        pending={setStatus.isPending}
        onConfirm={() =>
          setStatus.mutate({ id: o.id, status: 'cancelled' }, { onSuccess: () => setConfirmCancel(false) })
        }
      />
    </div>
  );
}
