import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { orderNumber } from '../../../shared/orders';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { OrderStatusBadge } from '../../entities/orders/order-status-badge';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, trpc } from '../../lib/trpc';
import { useTimeZone } from '../../lib/session';
import { dateOf } from '../../lib/zoned-time';
import { useFormatMoney } from '../../lib/money';

/** How many orders the profile lists: the most recent five. */
const ORDER_HISTORY_SIZE = 5;

/** The profile's Order History: the five most recent orders with number, date, total and status. */
export default function OrderHistory() {
  const intl = useIntl();
  const money = useFormatMoney();
  const orders = trpc.orders.list.useQuery({ scope: 'mine', limit: ORDER_HISTORY_SIZE });
  const timeZone = useTimeZone();
  const recent = (orders.data ?? []).slice(0, ORDER_HISTORY_SIZE);

  return (
    <Card data-testid="order-history">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="profile.orderHistory" />
        </CardTitle>
      </CardHeader>
      <CardContent>
        {orders.isLoading ? (
          <Spinner label={intl.formatMessage({ id: 'profile.loadingOrders' })} />
        ) : orders.isError ? (
          <p className="text-sm text-red-700">{errorMessage(orders.error)}</p>
        ) : recent.length === 0 ? (
          <p className="py-6 text-center text-sm text-stone-600">
            <FormattedMessage id="profile.noOrders" />
          </p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {recent.map((order) => (
              <li key={order.id}>
                <Link
                  to={`/orders/${order.id}`}
                  className="flex items-center justify-between gap-3 rounded-lg py-3 hover:bg-stone-50"
                  data-testid="order-history-item"
                >
                  <div>
                    <p className="font-medium text-stone-900">
                      <FormattedMessage id="profile.orderNumber" values={{ number: orderNumber(order.id) }} />
                    </p>
                    <p className="text-sm text-stone-600">{dateOf(order.createdAt, timeZone)}</p>
                  </div>
                  <div className="flex flex-col items-end gap-1">
                    <span className="font-semibold text-stone-900">{money(order.total)}</span>
                    <OrderStatusBadge status={order.status} />
                  </div>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
