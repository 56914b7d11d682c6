import { FormattedMessage } from 'react-intl';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { errorMessage } from '../../lib/trpc';
import { AdminOrderRow } from './admin-order-row';
import type { useOrderPages } from './orders-api';

const columns = ['order', 'customer', 'date', 'items', 'payment', 'total', 'status'] as const;

/** The loaded pages of orders as one table (headers hidden on phones), with "Show older orders" while more remain. */
export function AdminOrdersTable({ orders }: { orders: ReturnType<typeof useOrderPages> }) {
  const list = orders.data?.pages.flat() ?? [];
  return (
    <Card className="overflow-hidden">
      <p className="sr-only" aria-live="polite">
        <FormattedMessage id="orders.count" values={{ count: list.length }} />
      </p>
      <table className="w-full text-left text-sm">
        <thead className="hidden bg-stone-50 text-xs uppercase tracking-wide text-stone-600 md:table-header-group">
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className={`px-4 py-3 font-medium${column === 'total' ? ' text-right' : ''}`}
              >
                <FormattedMessage id="orders.column" values={{ column }} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {list.map((order) => (
            <AdminOrderRow key={order.id} order={order} />
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
            <FormattedMessage id={orders.isFetchingNextPage ? 'orders.loadingMore' : 'orders.showOlder'} />
          </Button>
        </div>
      )}
    </Card>
  );
}
