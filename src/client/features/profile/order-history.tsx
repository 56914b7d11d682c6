import { Link } from 'react-router-dom';
import { orderNumber } from '../../../shared/orders';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { OrderStatusBadge } from '../../components/ui/order-status-badge';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage, trpc } from '../../lib/trpc';
import { useTimeZone } from '../../lib/session';
import { dateOf } from '../../lib/zoned-time';
import { useFormatMoney } from '../../lib/money';

/** How many orders the profile lists: the most recent five. */
const ORDER_HISTORY_SIZE = 5;

/** The profile's Order History: the five most recent orders with number, date, total and status. */
export default function OrderHistory() {
  const money = useFormatMoney();
  const orders = trpc.orders.list.useQuery({ scope: 'mine', limit: ORDER_HISTORY_SIZE });
  const timeZone = useTimeZone();
  const recent = (orders.data ?? []).slice(0, ORDER_HISTORY_SIZE);

  return (
    <Card data-testid="order-history">
      <CardHeader>
        <CardTitle>Order History</CardTitle>
      </CardHeader>
      <CardContent>
        {orders.isLoading ? (
          <Spinner label="Loading orders" />
        ) : orders.isError ? (
          <p className="text-sm text-red-700">{errorMessage(orders.error)}</p>
        ) : recent.length === 0 ? (
          <p className="py-6 text-center text-sm text-stone-600">No orders yet</p>
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
                    <p className="font-medium text-stone-900">Order #{orderNumber(order.id)}</p>
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
