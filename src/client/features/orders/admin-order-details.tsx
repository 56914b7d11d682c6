import { fromCents, toCents } from '../../../shared/orders';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { OrderTotals } from '../../entities/orders/order-totals';
import { shownEmail, useCustomerName } from '../../entities/customers/customer-name';
import { FormattedMessage } from 'react-intl';
import { useFormatMoney } from '../../lib/money';
import { useTimeZone } from '../../lib/session';
import { stampOf } from '../../lib/zoned-time';
import type { Order } from './orders-api';
import { RefundList } from './refund-list';
import { BoughtGiftCard } from './bought-gift-card';

/** What staff read about an order: its lines and totals with any refunds, who ordered it, and how it is paid. */
export function AdminOrderDetails({ order }: { order: Order }) {
  const money = useFormatMoney();
  const customerName = useCustomerName();
  const timeZone = useTimeZone();
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
      <Card>
        <CardHeader>
          <CardTitle>
            <FormattedMessage id="orders.items" />
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <ul className="divide-y divide-stone-100 text-sm">
            {order.items.map((item, i) => (
              <li key={i} className="flex justify-between gap-3 py-2">
                <span>
                  <FormattedMessage id="orders.line" values={{ quantity: item.quantity, name: item.name }} />{' '}
                  <span className="text-stone-600">
                    <FormattedMessage id="orders.lineAt" values={{ price: money(item.price) }} />
                  </span>
                </span>
                <span className="font-medium">{money(fromCents(toCents(item.price) * item.quantity))}</span>
              </li>
            ))}
          </ul>
          <OrderTotals
            subtotal={order.subtotal}
            discount={{ code: order.discountCode, amount: order.discount }}
            tax={order.tax}
            total={order.total}
            giftCardAmount={order.giftCardAmount}
            className="border-t border-stone-200 pt-3"
          />
          <BoughtGiftCard order={order} />
          <RefundList order={order} timeZone={timeZone} />
        </CardContent>
      </Card>
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>
              <FormattedMessage id="orders.customer" />
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-stone-800">
            <p className="font-medium" data-testid="order-customer">
              {customerName(order.customer)}
            </p>
            {shownEmail(order.customer) && (
              <a href={`mailto:${order.customer.email}`} className="text-brand-700 underline-offset-2 hover:underline">
                {order.customer.email}
              </a>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <FormattedMessage id="orders.payment" />
            </CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-1 text-sm text-stone-800">
            <p>
              <FormattedMessage id={order.paymentProvider === 'manual' ? 'orders.payOnPickup' : 'orders.card'} />
            </p>
            <p data-testid="payment-status">
              <FormattedMessage id="orders.paymentStatus" values={{ status: order.paymentStatus }} />
            </p>
            <p className="text-stone-600">
              <FormattedMessage id="orders.placedAt" values={{ when: stampOf(order.createdAt, timeZone) }} />
            </p>
            <p className="text-stone-600">
              <FormattedMessage id="orders.updatedAt" values={{ when: stampOf(order.updatedAt, timeZone) }} />
            </p>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
