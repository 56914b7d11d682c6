import { useEffect, useState, type ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { StatusBadge } from '../../components/ui/week-schedule';
import { errorMessage } from '../../lib/trpc';
import { statusTone } from './format';
import { useFormatMoney } from '../../lib/money';
import { useTimeZone } from '../../lib/session';
import { dateOf, stampOf } from '../../lib/zoned-time';
import { orderNumber } from '../../../shared/orders';
import { useCustomers, type CustomerItem } from './staff-api';

/** /admin/customers: who buys and books, searched and paged on the server. */
export function CustomersPage() {
  const money = useFormatMoney();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed);
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const customers = useCustomers(search, page);
  const data = customers.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Customers</h1>
        <p className="mt-1 text-sm text-stone-600">Everyone who shops and books with you.</p>
      </div>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryCard label="Total Customers" value={data ? data.summary.total.toLocaleString('en-US') : '—'} />
        <SummaryCard
          label="Active Customers"
          value={data ? data.summary.active.toLocaleString('en-US') : '—'}
          hint="Active within 30 days"
        />
        <SummaryCard label="Total Revenue" value={data ? money(data.summary.revenue) : '—'} />
        <SummaryCard label="Avg Order Value" value={data ? money(data.summary.averageOrderValue) : '—'} />
      </div>

      <Input
        type="search"
        placeholder="Search customers..."
        aria-label="Search customers"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        className="max-w-md"
      />

      {customers.isLoading ? (
        <Spinner label="Loading customers" />
      ) : customers.isError ? (
        <p className="text-red-700">{errorMessage(customers.error)}</p>
      ) : data!.items.length === 0 ? (
        <Card>
          <CardContent className="py-10 text-center">
            <h2 className="text-lg font-semibold text-stone-900">No customers found</h2>
            <p className="text-sm text-stone-600">
              {search ? 'Try adjusting your search terms' : 'Customers appear here once they sign in.'}
            </p>
          </CardContent>
        </Card>
      ) : (
        <>
          <ul className="grid gap-4 lg:grid-cols-2" aria-label="Customers">
            {data!.items.map((customer) => (
              <li key={customer.id}>
                <CustomerCard customer={customer} />
              </li>
            ))}
          </ul>
          <nav aria-label="Pages" className="flex items-center justify-between gap-3">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <p className="text-sm text-stone-700">
              Page {page} of {pages} · {data!.total.toLocaleString('en-US')} customers
            </p>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
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
        <p className="mt-1 text-2xl font-bold text-stone-900">{value}</p>
        {hint && <p className="text-xs text-stone-600">{hint}</p>}
      </CardContent>
    </Card>
  );
}

function More({ shown, total }: { shown: number; total: number }) {
  return total > shown ? <li className="text-sm text-stone-600">and {total - shown} more</li> : null;
}

function Row({ children }: { children: ReactNode }) {
  return <li className="flex items-center justify-between gap-2 text-sm">{children}</li>;
}

function CustomerCard({ customer }: { customer: CustomerItem }) {
  const timeZone = useTimeZone();
  const money = useFormatMoney();
  const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
  return (
    <Card className="h-full" data-testid="customer-card">
      <CardContent className="flex flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="truncate font-semibold text-stone-900">{name}</h2>
            <p className="truncate text-sm text-stone-600">{customer.email}</p>
          </div>
          <Badge tone={customer.isActive ? 'success' : 'neutral'}>{customer.isActive ? 'Active' : 'Inactive'}</Badge>
        </div>
        <Tabs defaultValue="summary">
          <TabsList aria-label={`${name}: details`}>
            <TabsTrigger value="summary">Summary</TabsTrigger>
            <TabsTrigger value="orders">Orders</TabsTrigger>
            <TabsTrigger value="appointments">Appointments</TabsTrigger>
          </TabsList>
          <TabsContent value="summary" className="pt-3">
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <dt className="text-stone-600">Orders</dt>
              <dd className="text-right font-medium text-stone-900">{customer.orderCount}</dd>
              <dt className="text-stone-600">Appointments</dt>
              <dd className="text-right font-medium text-stone-900">{customer.appointmentCount}</dd>
              <dt className="text-stone-600">No-shows</dt>
              <dd className="text-right font-medium text-stone-900" data-testid="no-show-count">
                {customer.noShowCount}
              </dd>
              <dt className="text-stone-600">Total Spent</dt>
              <dd className="text-right font-medium text-stone-900">{money(customer.totalSpent)}</dd>
              <dt className="text-stone-600">Last Activity</dt>
              <dd className="text-right font-medium text-stone-900">
                {customer.lastActivity ? dateOf(customer.lastActivity, timeZone) : 'None yet'}
              </dd>
            </dl>
          </TabsContent>
          <TabsContent value="orders" className="pt-3">
            {customer.orders.length === 0 ? (
              <p className="text-sm text-stone-600">No orders yet</p>
            ) : (
              <ul className="flex flex-col gap-1.5">
                {customer.orders.map((order) => (
                  <Row key={order.id}>
                    <span className="text-stone-800">
                      Order #{orderNumber(order.id)} · {dateOf(order.createdAt, timeZone)}
                    </span>
                    <span className="flex items-center gap-2">
                      <Badge tone={statusTone(order.status)} className="capitalize">
                        {order.status}
                      </Badge>
                      <span className="font-medium text-stone-900">{money(order.total)}</span>
                    </span>
                  </Row>
                ))}
                <More shown={customer.orders.length} total={customer.orderCount} />
              </ul>
            )}
          </TabsContent>
          <TabsContent value="appointments" className="pt-3">
            {customer.appointments.length === 0 ? (
              <p className="text-sm text-stone-600">No appointments yet</p>
            ) : (
              <ul className="flex flex-col gap-1.5">
                {customer.appointments.map((a) => (
                  <Row key={a.id}>
                    <span className="text-stone-800">
                      {a.service.name} · {stampOf(a.dateTime, timeZone)}
                    </span>
                    <StatusBadge status={a.status} />
                  </Row>
                ))}
                <More shown={customer.appointments.length} total={customer.appointmentCount} />
              </ul>
            )}
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
