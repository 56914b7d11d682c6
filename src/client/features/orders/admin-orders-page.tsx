import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { ExportCsvLink } from '../../entities/csv/export-csv-link';
import { errorMessage } from '../../lib/trpc';
import { AdminOrderFilters, noOrderFilters, useOrderFilters } from './admin-order-filters';
import { AdminOrdersTable } from './admin-orders-table';
import { useOrderPages } from './orders-api';

/**
 * /admin/orders: every order, newest first, filtered by status, date range and customer or number; fifty at a
 * time, older ones on request.
 */
export function AdminOrdersPage() {
  const intl = useIntl();
  const [fields, setFields] = useState(noOrderFilters);
  const orders = useOrderPages(useOrderFilters(fields));
  const found = orders.data?.pages.some((page) => page.length > 0) ?? false;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id="orders.title" />
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            <FormattedMessage id="orders.intro" />
          </p>
        </div>
        <ExportCsvLink kind="orders" />
      </div>
      <AdminOrderFilters fields={fields} onChange={setFields} />

      {orders.isLoading ? (
        <Spinner label={intl.formatMessage({ id: 'orders.loadingOrders' })} />
      ) : orders.isError && !orders.data ? (
        <p className="text-red-700">{errorMessage(orders.error)}</p>
      ) : !found ? (
        <Card>
          <CardContent className="px-5 py-12 text-center">
            <h2 className="text-lg font-semibold text-stone-900">
              <FormattedMessage id="orders.noneFound" />
            </h2>
            <p className="text-sm text-stone-600">
              <FormattedMessage id="orders.noneFoundHint" />
            </p>
          </CardContent>
        </Card>
      ) : (
        <AdminOrdersTable orders={orders} />
      )}
    </div>
  );
}
