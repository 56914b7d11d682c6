import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { orderNumber, orderTransitions } from '../../../shared/orders';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button, ButtonLink } from '../../components/ui/button';
import { OrderStatusBadge } from '../../entities/orders/order-status-badge';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/trpc';
import { useMarkOrderPaid, useOrder, useSetOrderStatus } from './orders-api';
import { RefundDialog } from './refund-dialog';
import { AdminOrderDetails } from './admin-order-details';
import { useCurrentUser } from '../../lib/session';
import { can } from '../../../shared/roles';

const moveLabels = { processing: 'orders.markProcessing', completed: 'orders.markCompleted' } as const;

/** /admin/orders/{id}: lines, customer, payment, and the actions the order's status allows. */
export function AdminOrderPage() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const order = useOrder(id);
  const { user } = useCurrentUser();
  const setStatus = useSetOrderStatus();
  const markPaid = useMarkOrderPaid();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [refunding, setRefunding] = useState(false);

  if (order.isLoading) return <Spinner label={intl.formatMessage({ id: 'orders.loadingOrder' })} />;
  if (order.isError || !order.data) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-red-700">{errorMessage(order.error, intl.formatMessage({ id: 'orders.notFound' }))}</p>
        <ButtonLink to="/admin/orders" variant="outline">
          <FormattedMessage id="orders.backToOrders" />
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
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id="orders.number" values={{ number: orderNumber(o.id) }} />
          </h1>
          <OrderStatusBadge status={o.status} />
        </div>
        <ButtonLink to="/admin/orders" variant="outline" size="sm">
          <FormattedMessage id="orders.backToOrders" />
        </ButtonLink>
      </div>

      {(canRefund || ((canEdit || canTakePayment) && (moves.length > 0 || cancellable || canTakePayment))) && (
        <div className="flex flex-wrap gap-2" aria-label={intl.formatMessage({ id: 'orders.actions' })} role="group">
          {canEdit &&
            moves.map((status) => (
              <Button key={status} disabled={busy} onClick={() => setStatus.mutate({ id: o.id, status })}>
                <FormattedMessage id={moveLabels[status]} />
              </Button>
            ))}
          {canTakePayment && (
            <Button variant="secondary" disabled={busy} onClick={() => markPaid.mutate({ id: o.id })}>
              <FormattedMessage id="orders.markPaid" />
            </Button>
          )}
          {canRefund && (
            <Button variant="outline" disabled={busy} onClick={() => setRefunding(true)}>
              <FormattedMessage id="orders.refund" />
            </Button>
          )}
          {canEdit && cancellable && (
            <Button variant="destructive-outline" disabled={busy} onClick={() => setConfirmCancel(true)}>
              <FormattedMessage id="orders.cancelOrder" />
            </Button>
          )}
        </div>
      )}

      <AdminOrderDetails order={o} />

      {refunding && <RefundDialog order={o} onClose={() => setRefunding(false)} />}
      <ConfirmDialog
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title={intl.formatMessage({ id: 'orders.cancelTitle' })}
        description={intl.formatMessage({
          id:
            o.paymentStatus === 'paid' || o.paymentStatus === 'partially_refunded'
              ? 'orders.cancelPaid'
              : 'orders.cancelUnpaid',
        })}
        confirmLabel={intl.formatMessage({ id: 'orders.cancelOrder' })}
        destructive
        pending={setStatus.isPending}
        onConfirm={() =>
          setStatus.mutate({ id: o.id, status: 'cancelled' }, { onSuccess: () => setConfirmCancel(false) })
        }
      />
    </div>
  );
}
