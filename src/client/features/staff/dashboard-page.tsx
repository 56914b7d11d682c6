import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { can, isAdmin } from '../../../shared/roles';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { errorMessage } from '../../lib/trpc';
import { statusTone } from './format';
import { useFormatMoney } from '../../lib/money';
import { useCurrentUser, useTimeZone } from '../../lib/session';
import { stampOf, timeOf } from '../../lib/zoned-time';
import { orderNumber } from '../../../shared/orders';
import { useAuditLog, useDashboard } from './staff-api';

const DashboardCharts = lazy(() => import('./dashboard-charts'));

/** /admin: how the month is going, today at a glance, what needs attention and who changed what. */
export function DashboardPage() {
  const timeZone = useTimeZone();
  const money = useFormatMoney();
  const { user: me } = useCurrentUser();
  const dashboard = useDashboard();
  const [tab, setTab] = useState('overview');
  const admin = isAdmin(me);

  if (dashboard.isLoading) return <Spinner label="Loading dashboard" />;
  if (dashboard.isError) return <p className="text-red-700">{errorMessage(dashboard.error)}</p>;
  const d = dashboard.data!;
  const revenueShare = Math.min(100, (Number(d.monthRevenue) / Number(d.revenueGoal)) * 100);
  const ordersShare = Math.min(100, (d.monthOrders / d.ordersGoal) * 100);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Dashboard</h1>
          <p className="mt-1 text-sm text-stone-600">How the month is going.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {can(me, 'products.create') && (
            <ButtonLink to="/admin/products" variant="outline" size="sm">
              Add Product
            </ButtonLink>
          )}
          {can(me, 'services.create') && (
            <ButtonLink to="/admin/services" variant="outline" size="sm">
              Add Service
            </ButtonLink>
          )}
          {can(me, 'appointments.view') && (
            <ButtonLink to="/admin/calendar" variant="outline" size="sm">
              View Calendar
            </ButtonLink>
          )}
          {can(me, 'customers.view') && (
            <ButtonLink to="/admin/customers" variant="outline" size="sm">
              Customers
            </ButtonLink>
          )}
        </div>
      </div>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Monthly Revenue"
          value={money(d.monthRevenue)}
          note={`${Math.round(revenueShare)}% of ${money(d.revenueGoal)} goal`}
          progress={revenueShare}
        />
        <StatCard
          label="Monthly Orders"
          value={String(d.monthOrders)}
          note={`${Math.round(ordersShare)}% of ${d.ordersGoal} goal`}
          progress={ordersShare}
        />
        <StatCard
          label="Today's Appointments"
          value={String(d.todayAppointments)}
          note={`${d.unconfirmedToday} awaiting confirmation`}
        />
        <StatCard label="Low Stock Items" value={String(d.lowStockCount)} note="Fewer than 10 in stock" />
      </div>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Dashboard sections">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
          <TabsTrigger value="activity">Activity</TabsTrigger>
          <TabsTrigger value="alerts">Alerts</TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="pt-4">
          <div className="grid gap-4 lg:grid-cols-2">
            <Panel
              title="Recent Orders"
              link={can(me, 'orders.view') ? { to: '/admin/orders', label: 'View all orders' } : undefined}
            >
              {d.recentOrders.length === 0 ? (
                <Empty>No orders yet</Empty>
              ) : (
                <ul className="flex flex-col divide-y divide-stone-100">
                  {d.recentOrders.map((o) => (
                    <li key={o.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                      <span className="min-w-0">
                        <span className="block font-medium text-stone-900">Order #{orderNumber(o.id)}</span>
                        <span className="block truncate text-stone-600">
                          {o.customer.firstName} {o.customer.lastName} · {stampOf(o.createdAt, timeZone)}
                        </span>
                      </span>
                      <span className="flex shrink-0 items-center gap-2">
                        <Badge tone={statusTone(o.status)} className="capitalize">
                          {o.status}
                        </Badge>
                        <span className="font-medium text-stone-900">{money(o.total)}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
            <Panel
              title="Today's Appointments"
              link={can(me, 'appointments.view') ? { to: '/admin/calendar', label: 'Open calendar' } : undefined}
            >
              {d.todaysAppointments.length === 0 ? (
                <Empty>No appointments today</Empty>
              ) : (
                <ul className="flex flex-col divide-y divide-stone-100">
                  {d.todaysAppointments.map((a) => (
                    <li key={a.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                      <span className="min-w-0">
                        <span className="block font-medium text-stone-900">
                          {timeOf(a.dateTime, timeZone)} · {a.service.name}
                        </span>
                        <span className="block truncate text-stone-600">
                          {a.customer.firstName} {a.customer.lastName} with {a.employee.firstName}
                        </span>
                      </span>
                      <Badge tone={statusTone(a.status)} className="capitalize">
                        {a.status}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          </div>
        </TabsContent>

        <TabsContent value="analytics" className="pt-4">
          <Card>
            <CardContent className="p-5">
              {tab === 'analytics' && (
                <Suspense fallback={<Spinner label="Loading charts" />}>
                  <DashboardCharts series={d.series} />
                </Suspense>
              )}
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="activity" className="pt-4">
          {admin ? <ActivityLog enabled={tab === 'activity'} /> : <Empty>Only admins can see the activity log.</Empty>}
        </TabsContent>

        <TabsContent value="alerts" className="pt-4">
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
            <Panel
              title="Low Stock"
              link={can(me, 'products.view') ? { to: '/admin/products', label: 'Manage products' } : undefined}
            >
              {d.lowStockProducts.length === 0 ? (
                <Empty>Every product has 10 or more in stock</Empty>
              ) : (
                <ul className="flex flex-col gap-1.5">
                  {d.lowStockProducts.map((p) => (
                    <li key={p.id} className="flex justify-between gap-2 text-sm">
                      <span className="text-stone-800">{p.name}</span>
                      <Badge tone={p.inventory === 0 ? 'danger' : 'accent'}>
                        {p.inventory === 0 ? 'Out of stock' : `${p.inventory} left`}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
            <Panel
              title="Pending Applications"
              link={admin ? { to: '/admin/employee-applications', label: 'Review applications' } : undefined}
            >
              <p className="text-sm text-stone-800">
                {d.pendingApplications === 0
                  ? 'No applications waiting'
                  : `${d.pendingApplications} application${d.pendingApplications === 1 ? '' : 's'} waiting for review`}
              </p>
            </Panel>
            <Panel
              title="Unconfirmed Today"
              link={can(me, 'appointments.view') ? { to: '/admin/calendar', label: 'Open calendar' } : undefined}
            >
              <p className="text-sm text-stone-800">
                {d.unconfirmedToday === 0
                  ? "All of today's appointments are confirmed"
                  : `${d.unconfirmedToday} of today's appointments still pending`}
              </p>
            </Panel>
            <Panel
              title="No-shows This Week"
              link={can(me, 'customers.view') ? { to: '/admin/customers', label: 'View customers' } : undefined}
            >
              {d.weekNoShows.length === 0 ? (
                <Empty>No no-shows this week</Empty>
              ) : (
                <ul className="flex flex-col gap-1.5" aria-label="No-shows this week">
                  {d.weekNoShows.map((a) => (
                    <li key={a.id} className="flex flex-col text-sm">
                      <span className="font-medium text-stone-800">
                        {a.customer.firstName} {a.customer.lastName}
                      </span>
                      <span className="text-stone-600">
                        {a.service.name} · {stampOf(a.dateTime, timeZone)} · with {a.employee.firstName}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          </div>
        </TabsContent>
      </Tabs>

      {admin && (
        <p className="text-sm text-stone-600">
          Business details and hours live in{' '}
          <Link className="font-medium text-brand-700 underline" to="/admin/settings">
            Settings
          </Link>
          .
        </p>
      )}
    </div>
  );
}

function StatCard({ label, value, note, progress }: { label: string; value: string; note: string; progress?: number }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-1 p-4">
        <p className="text-sm text-stone-600">{label}</p>
        <p className="text-2xl font-bold text-stone-900">{value}</p>
        {progress !== undefined && (
          <div
            className="h-1.5 overflow-hidden rounded-full bg-stone-100"
            role="progressbar"
            aria-label={label}
            aria-valuenow={Math.round(progress)}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${progress}%` }} />
          </div>
        )}
        <p className="text-xs text-stone-600">{note}</p>
      </CardContent>
    </Card>
  );
}

function Panel({
  title,
  link,
  children,
}: {
  title: string;
  link?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card className="h-full">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-base">{title}</CardTitle>
        {link && (
          <Link to={link.to} className="text-sm font-medium text-brand-700 hover:underline">
            {link.label}
          </Link>
        )}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-4 text-center text-sm text-stone-600">{children}</p>;
}

function ActivityLog({ enabled }: { enabled: boolean }) {
  const timeZone = useTimeZone();
  const [page, setPage] = useState(1);
  const log = useAuditLog(page, enabled);
  if (log.isLoading) return <Spinner label="Loading activity" />;
  if (log.isError) return <p className="text-red-700">{errorMessage(log.error)}</p>;
  const data = log.data;
  if (!data || data.items.length === 0) return <Empty>No activity yet</Empty>;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <Card>
      <CardContent className="p-0">
        <ul className="flex flex-col divide-y divide-stone-100" aria-label="Activity">
          {data.items.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-col gap-0.5 px-4 py-3 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
            >
              <span className="text-stone-900">
                <span className="font-medium">
                  {entry.actor ? `${entry.actor.firstName} ${entry.actor.lastName}`.trim() : 'Someone'}
                </span>{' '}
                · {entry.summary}
              </span>
              <span className="shrink-0 text-xs text-stone-600">{stampOf(entry.createdAt, timeZone)}</span>
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <div className="flex items-center justify-between border-t border-stone-100 p-3">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <span className="text-sm text-stone-700">
              Page {page} of {pages}
            </span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
