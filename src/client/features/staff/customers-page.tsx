import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { ImportCsvButton } from '../../entities/csv/import-csv-button';
import { ExportCsvLink } from '../../entities/csv/export-csv-link';
import { errorMessage } from '../../lib/trpc';
import { useFormatMoney } from '../../lib/money';
import { CustomerCard } from './customer-card';
import { useCustomers } from './staff-api';

/** /admin/customers: who buys and books, searched and paged on the server. */
export function CustomersPage() {
  const intl = useIntl();
  const money = useFormatMoney();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // The tag filter lives in the address, so a tag on a customer record links to its customers.
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag') ?? '';
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed);
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const customers = useCustomers(search, page, tag);
  const data = customers.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id="staff.customers" />
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            <FormattedMessage id="staff.customersIntro" />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ExportCsvLink kind="customers" />
          <ImportCsvButton kind="customers" kindLabel={intl.formatMessage({ id: 'staff.customers' }).toLowerCase()} />
        </div>
      </div>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryCard
          label={intl.formatMessage({ id: 'staff.totalCustomers' })}
          value={data ? intl.formatNumber(data.summary.total) : '—'}
        />
        <SummaryCard
          label={intl.formatMessage({ id: 'staff.activeCustomers' })}
          value={data ? intl.formatNumber(data.summary.active) : '—'}
          hint={intl.formatMessage({ id: 'staff.activeWithin30Days' })}
        />
        <SummaryCard
          label={intl.formatMessage({ id: 'staff.totalRevenue' })}
          value={data ? money(data.summary.revenue) : '—'}
        />
        <SummaryCard
          label={intl.formatMessage({ id: 'staff.avgOrderValue' })}
          value={data ? money(data.summary.averageOrderValue) : '—'}
        />
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          type="search"
          placeholder={intl.formatMessage({ id: 'staff.searchCustomersPlaceholder' })}
          aria-label={intl.formatMessage({ id: 'staff.searchCustomers' })}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="max-w-md"
        />
        <Input
          type="search"
          placeholder={intl.formatMessage({ id: 'customers.filterByTagPlaceholder' })}
          aria-label={intl.formatMessage({ id: 'customers.filterByTag' })}
          value={tag}
          onChange={(e) => {
            setParams(e.target.value ? { tag: e.target.value } : {}, { replace: true });
            setPage(1);
          }}
          className="sm:max-w-48"
        />
      </div>

      {customers.isLoading ? (
        <Spinner label={intl.formatMessage({ id: 'staff.loadingCustomers' })} />
      ) : customers.isError ? (
        <p className="text-red-700">{errorMessage(customers.error)}</p>
      ) : data!.items.length === 0 ? (
        <Card>
          <CardContent className="px-5 py-10 text-center">
            <h2 className="text-lg font-semibold text-stone-900">
              <FormattedMessage id="staff.noCustomersFound" />
            </h2>
            <p className="text-sm text-stone-600">
              <FormattedMessage id={search || tag ? 'staff.tryAdjustingSearch' : 'staff.customersAppearHere'} />
            </p>
          </CardContent>
        </Card>
      ) : (
        <>
          <ul
            className="grid grid-cols-1 gap-4 lg:grid-cols-2"
            aria-label={intl.formatMessage({ id: 'staff.customers' })}
          >
            {data!.items.map((customer) => (
              <li key={customer.id}>
                <CustomerCard customer={customer} />
              </li>
            ))}
          </ul>
          <nav
            aria-label={intl.formatMessage({ id: 'staff.pages' })}
            className="flex items-center justify-between gap-3"
          >
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <FormattedMessage id="staff.previous" />
            </Button>
            <p className="text-sm text-stone-700">
              <FormattedMessage id="staff.customersPageOf" values={{ page, pages, total: data!.total }} />
            </p>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              <FormattedMessage id="staff.next" />
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

function SummaryCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card>
      <CardContent className="p-4">
        <p className="text-sm text-stone-600">{label}</p>
        {/* Smaller on a phone: an amount with its currency ("4349,01 US$") fills half its width. */}
        <p className="mt-1 break-words text-lg font-bold text-stone-900 sm:text-2xl">{value}</p>
        {hint && <p className="text-xs text-stone-600">{hint}</p>}
      </CardContent>
    </Card>
  );
}
