import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { fromCents, orderNumber, toCents } from '../../../shared/orders';
import { Button, ButtonLink } from '../../components/ui/button';
import { OrderTotals } from '../../entities/orders/order-totals';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { OrderStatusBadge } from '../../entities/orders/order-status-badge';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/trpc';
import { awaitsCardPayment, useConfirmationWait, useOrder, usePayOrder, type Order } from './orders-api';
import type { MessageId } from '../../../shared/i18n/en';
import { RefundList } from './refund-list';
import { BoughtGiftCard } from './bought-gift-card';
import { useTimeZone } from '../../lib/session';
import { stampOf } from '../../lib/zoned-time';
import { useFormatMoney } from '../../lib/money';

/** What the confirmation says about paying, once the order is placed or the customer is back from the card payment page. */
function paymentNote(o: Order, backFromPayment: boolean, waiting: boolean): MessageId {
  // Paid first: a pay-on-pickup order a gift card (or staff) paid in full has nothing left to pay at pickup.
  if (o.paymentStatus === 'paid') return 'orders.notePaid';
  if (o.paymentProvider === 'manual') return 'orders.noteManual';
  if (o.status === 'cancelled') return 'orders.noteCancelled';
  if (!backFromPayment) return 'orders.noteAwaiting';
  if (waiting) return 'orders.noteConfirming';
  return 'orders.noteNotYet';
}

function PayNow({ order }: { order: Order }) {
  const { pay, isPending } = usePayOrder();
  return (
    <Button onClick={() => pay(order.id)} disabled={isPending} className="shrink-0 whitespace-nowrap">
      <FormattedMessage id={isPending ? 'orders.openingPayment' : 'orders.payNow'} />
    </Button>
  );
}

/**
 * /orders/{id}: the customer's order. Right after checkout, or back from the card payment page
 * (?payment=success), it is the confirmation; a card order still waiting for its payment offers Pay Now, and
 * says so when the customer came back without paying (?payment=cancelled).
 */
export function OrderPage() {
  const intl = useIntl();
  const money = useFormatMoney();
  const timeZone = useTimeZone();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const returned = params.get('payment');
  const backFromPayment = returned === 'success';
  const placed = (useLocation().state as { placed?: boolean } | null)?.placed === true || backFromPayment;
  const waiting = useConfirmationWait(backFromPayment);
  const order = useOrder(id, { poll: waiting });
  if (order.isLoading)
    return <Spinner label={intl.formatMessage({ id: 'orders.loadingYourOrder' })} className="min-h-[40vh]" />;
  if (order.isError || !order.data)
    return <p className="text-red-700">{errorMessage(order.error, intl.formatMessage({ id: 'orders.notFound' }))}</p>;
  const o = order.data;
  const unpaidCard = awaitsCardPayment(o);
  const confirming = backFromPayment && unpaidCard;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      {placed && (
        <Card className="border-green-200 bg-green-50">
          <CardContent className="flex flex-col items-center gap-2 px-5 py-8 text-center">
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
            <h1 className="text-2xl font-bold text-stone-900">
              <FormattedMessage id="orders.thanks" />
            </h1>
            <p className="text-stone-700">
              <FormattedMessage
                id="orders.confirmation"
                values={{
                  number: orderNumber(o.id),
                  email: o.customer.email,
                  strong: (chunks: ReactNode[]) => <strong data-testid="order-number">{chunks}</strong>,
                }}
              />
            </p>
            <p role="status" className="flex items-center gap-2 text-sm text-stone-700" data-testid="payment-note">
              {confirming && waiting && (
                <span
                  className="h-4 w-4 animate-spin rounded-full border-2 border-green-200 border-t-green-700"
                  aria-hidden="true"
                />
              )}
              <FormattedMessage id={paymentNote(o, backFromPayment, waiting)} />
            </p>
            {confirming && !waiting && (
              <Button variant="outline" size="sm" onClick={() => void order.refetch()} disabled={order.isFetching}>
                <FormattedMessage id="orders.checkAgain" />
              </Button>
            )}
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
          {placed ? (
            <CardTitle>
              <FormattedMessage id="orders.number" values={{ number: orderNumber(o.id) }} />
            </CardTitle>
          ) : (
            <h1 className="text-lg font-semibold text-stone-900">
              <FormattedMessage id="orders.number" values={{ number: orderNumber(o.id) }} />
            </h1>
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
                  <FormattedMessage
                    id={returned === 'cancelled' ? 'orders.paymentNotCompleted' : 'orders.waitingForCard'}
                  />
                </h2>
                <p className="text-sm text-stone-700">
                  <FormattedMessage
                    id={returned === 'cancelled' ? 'orders.notChargedKept' : 'orders.keptForYou'}
                    values={{ total: money(o.total) }}
                  />
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
              <FormattedMessage id="orders.failedNote" />
            </p>
          )}
          <p className="text-sm text-stone-600">
            <FormattedMessage id="orders.placedAt" values={{ when: stampOf(o.createdAt, timeZone) }} /> ·{' '}
            <span data-testid="order-payment-status">
              {confirming ? (
                <FormattedMessage id="orders.confirmingPayment" />
              ) : (
                <FormattedMessage id="orders.paymentStatus" values={{ status: o.paymentStatus }} />
              )}
            </span>
          </p>
          <ul
            className="divide-y divide-stone-100 text-sm"
            aria-label={intl.formatMessage({ id: 'orders.itemsLabel' })}
          >
            {o.items.map((item, i) => (
              <li key={i} className="flex justify-between gap-3 py-2">
                <span>
                  <FormattedMessage id="orders.line" values={{ quantity: item.quantity, name: item.name }} />
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
            giftCardAmount={o.giftCardAmount}
            className="border-t border-stone-200 pt-3"
          />
          <BoughtGiftCard order={o} />
          <RefundList order={o} timeZone={timeZone} />
        </CardContent>
      </Card>
      <div className="flex flex-wrap gap-3">
        <ButtonLink to="/profile" variant="outline">
          <FormattedMessage id="orders.viewHistory" />
        </ButtonLink>
        <ButtonLink to="/products">
          <FormattedMessage id="orders.continueShopping" />
        </ButtonLink>
      </div>
    </div>
  );
}
