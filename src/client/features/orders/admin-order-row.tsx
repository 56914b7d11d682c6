import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { orderNumber } from '../../../shared/orders';
import { OrderStatusBadge } from '../../entities/orders/order-status-badge';
import { shownEmail, useCustomerName } from '../../entities/customers/customer-name';
import { useFormatMoney } from '../../lib/money';
import { useTimeZone } from '../../lib/session';
import { dateOf } from '../../lib/zoned-time';
import type { ListedOrder } from './orders-api';

/** One order in the staff list: a table row on wide screens, a two-column card on phones. */
export function AdminOrderRow({ order }: { order: ListedOrder }) {
  const money = useFormatMoney();
  const timeZone = useTimeZone();
  const customerName = useCustomerName();
  return (
    <tr
      className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-4 py-3 hover:bg-stone-50 md:table-row md:p-0"
      data-testid="admin-order-row"
    >
      <td className="md:px-4 md:py-3">
        <Link
          to={`/admin/orders/${order.id}`}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          #{orderNumber(order.id)}
        </Link>
      </td>
      <td className="col-start-1 text-stone-800 md:px-4 md:py-3">
        {customerName(order.customer)}
        {shownEmail(order.customer) && <span className="block text-xs text-stone-600">{order.customer.email}</span>}
      </td>
      <td className="col-start-1 text-stone-700 md:px-4 md:py-3">{dateOf(order.createdAt, timeZone)}</td>
      <td className="hidden text-stone-700 md:table-cell md:px-4 md:py-3">
        {order.items.reduce((n, i) => n + i.quantity, 0)}
      </td>
      <td className="hidden capitalize text-stone-700 md:table-cell md:px-4 md:py-3">
        <FormattedMessage id="orders.paymentStatusWord" values={{ status: order.paymentStatus }} />
      </td>
      <td className="col-start-2 row-start-1 text-right font-semibold text-stone-900 md:px-4 md:py-3">
        {money(order.total)}
      </td>
      <td className="col-start-2 row-start-2 text-right md:px-4 md:py-3 md:text-left">
        <OrderStatusBadge status={order.status} />
      </td>
    </tr>
  );
}
