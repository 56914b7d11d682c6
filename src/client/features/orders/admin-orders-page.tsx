import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { orderNumber, orderStatuses } from '../../../shared/orders';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { OrderStatusBadge } from '../../components/ui/order-status-badge';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/trpc';
import { useOrderPages, type OrderFilters } from './orders-api';
import { useTimeZone } from '../../lib/session';
import { dateOf } from '../../lib/zoned-time';
import { useFormatMoney } from '../../lib/money';

const statusOptions = [
  { value: 'all', label: 'All statuses' },
  ...orderStatuses.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
];

/**
 * /admin/orders: every order, newest first, filtered by status, date range and customer or number; fifty at a
 * time, older ones on request.
 */
export function AdminOrdersPage() {
  const money = useFormatMoney();
  const [status, setStatus] = useState('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const filters: OrderFilters = {
    ...(status !== 'all' ? { status: status as OrderFilters['status'] } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(deferredSearch ? { search: deferredSearch } : {}),
  };
  const orders = useOrderPages(filters);
  const timeZone = useTimeZone();
  const list = orders.data?.pages.flat() ?? [];

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Orders</h1>
        <p className="mt-1 text-sm text-stone-600">Follow orders from checkout to pickup.</p>
      </div>
      <Card>
        <CardContent className="grid gap-3 pt-5 sm:grid-cols-2 lg:grid-cols-4">
          <div className="flex flex-col gap-1">
            <label htmlFor="order-search" className="text-sm font-medium text-stone-800">
              Search
            </label>
            <Input
              id="order-search"
              type="search"
              placeholder="Customer or order number"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="order-status" className="text-sm font-medium text-stone-800">
              Status
            </label>
            <Select id="order-status" value={status} onValueChange={setStatus} options={statusOptions} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="order-from" className="text-sm font-medium text-stone-800">
              From
            </label>
            <Input
              id="order-from"
              type="date"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="order-to" className="text-sm font-medium text-stone-800">
              To
            </label>
            <Input
              id="order-to"
              type="date"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
        </CardContent>
      </Card>

      {orders.isLoading ? (
        <Spinner label="Loading orders" />
      ) : orders.isError && !orders.data ? (
        <p className="text-red-700">{errorMessage(orders.error)}</p>
      ) : list.length === 0 ? (
        <Card>
          <CardContent className="py-12 text-center">
            <h2 className="text-lg font-semibold text-stone-900">No orders found</h2>
            <p className="text-sm text-stone-600">Try another status, date range or search.</p>
          </CardContent>
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <p className="sr-only" aria-live="polite">
            {list.length} orders
          </p>
          <table className="w-full text-left text-sm">
            <thead className="hidden bg-stone-50 text-xs uppercase tracking-wide text-stone-600 md:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Order
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Customer
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Date
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Items
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Payment
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Total
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {list.map((order) => (
                <tr
                  key={order.id}
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
                    {order.customer.firstName} {order.customer.lastName}
                    <span className="block text-xs text-stone-600">{order.customer.email}</span>
                  </td>
                  <td className="col-start-1 text-stone-700 md:px-4 md:py-3">{dateOf(order.createdAt, timeZone)}</td>
                  <td className="hidden text-stone-700 md:table-cell md:px-4 md:py-3">
                    {order.items.reduce((n, i) => n + i.quantity, 0)}
                  </td>
                  <td className="hidden capitalize text-stone-700 md:table-cell md:px-4 md:py-3">
                    {order.paymentStatus}
                  </td>
                  <td className="col-start-2 row-start-1 text-right font-semibold text-stone-900 md:px-4 md:py-3">
                    {money(order.total)}
                  </td>
                  <td className="col-start-2 row-start-2 text-right md:px-4 md:py-3 md:text-left">
                    <OrderStatusBadge status={order.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {orders.hasNextPage && (
            <div className="flex flex-col items-center gap-2 border-t border-stone-100 p-3">
              {orders.isFetchNextPageError && <p className="text-sm text-red-700">{errorMessage(orders.error)}</p>}
              <Button
                variant="outline"
                size="sm"
                disabled={orders.isFetchingNextPage}
                onClick={() => void orders.fetchNextPage()}
              >
                {orders.isFetchingNextPage ? 'Loading…' : 'Show older orders'}
              </Button>
            </div>
          )}
        </Card>
      )}
    </div>
  );
}
