import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { can, isAdmin } from '../../../shared/roles';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { errorMessage } from '../../lib/trpc';
import { useFormatMoney } from '../../lib/money';
import { useCurrentUser } from '../../lib/session';
import { ActivityLog } from './dashboard-activity';
import { DashboardAlerts } from './dashboard-alerts';
import { DashboardOverview } from './dashboard-overview';
import { Empty, StatCard } from './dashboard-panels';
import { useDashboard } from './staff-api';

const DashboardCharts = lazy(() => import('./dashboard-charts'));

/** /admin: how the month is going, today at a glance, what needs attention and who changed what. */
export function DashboardPage() {
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
          <DashboardOverview data={d} />
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
          <DashboardAlerts data={d} />
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
