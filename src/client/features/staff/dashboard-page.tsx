import { lazy, Suspense, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { can, isAdmin } from '../../../shared/roles';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { errorMessage } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/session';
import { ActivityLog } from './dashboard-activity';
import { DashboardAlerts } from './dashboard-alerts';
import { DashboardOverview } from './dashboard-overview';
import { DashboardFigures } from './dashboard-figures';
import { Empty } from './dashboard-panels';
import { useDashboard } from './staff-api';

const DashboardCharts = lazy(() => import('./dashboard-charts'));

/** /admin: how the month is going, today at a glance, what needs attention and who changed what. */
export function DashboardPage() {
  const intl = useIntl();
  const { user: me } = useCurrentUser();
  const dashboard = useDashboard();
  const [tab, setTab] = useState('overview');
  const admin = isAdmin(me);

  if (dashboard.isLoading) return <Spinner label={intl.formatMessage({ id: 'staff.loadingDashboard' })} />;
  if (dashboard.isError) return <p className="text-red-700">{errorMessage(dashboard.error)}</p>;
  const d = dashboard.data!;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id="staff.dashboard" />
          </h1>
          <p className="mt-1 text-sm text-stone-600">
            <FormattedMessage id="staff.dashboardIntro" />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {can(me, 'products.create') && (
            <ButtonLink to="/admin/products" variant="outline" size="sm">
              <FormattedMessage id="staff.addProduct" />
            </ButtonLink>
          )}
          {can(me, 'services.create') && (
            <ButtonLink to="/admin/services" variant="outline" size="sm">
              <FormattedMessage id="staff.addService" />
            </ButtonLink>
          )}
          {can(me, 'appointments.view') && (
            <ButtonLink to="/admin/calendar" variant="outline" size="sm">
              <FormattedMessage id="staff.viewCalendar" />
            </ButtonLink>
          )}
          {can(me, 'customers.view') && (
            <ButtonLink to="/admin/customers" variant="outline" size="sm">
              <FormattedMessage id="staff.customers" />
            </ButtonLink>
          )}
        </div>
      </div>

      <DashboardFigures data={d} />

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={intl.formatMessage({ id: 'staff.dashboardSections' })}>
          <TabsTrigger value="overview">
            <FormattedMessage id="staff.overview" />
          </TabsTrigger>
          <TabsTrigger value="analytics">
            <FormattedMessage id="staff.analytics" />
          </TabsTrigger>
          <TabsTrigger value="activity">
            <FormattedMessage id="staff.activity" />
          </TabsTrigger>
          <TabsTrigger value="alerts">
            <FormattedMessage id="staff.alerts" />
          </TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="pt-4">
          <DashboardOverview data={d} />
        </TabsContent>

        <TabsContent value="analytics" className="pt-4">
          <Card>
            <CardContent className="p-5">
              {tab === 'analytics' && (
                <Suspense fallback={<Spinner label={intl.formatMessage({ id: 'staff.loadingCharts' })} />}>
                  <DashboardCharts series={d.series} />
                </Suspense>
              )}
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="activity" className="pt-4">
          {admin ? (
            <ActivityLog enabled={tab === 'activity'} />
          ) : (
            <Empty>
              <FormattedMessage id="staff.activityAdminsOnly" />
            </Empty>
          )}
        </TabsContent>

        <TabsContent value="alerts" className="pt-4">
          <DashboardAlerts data={d} />
        </TabsContent>
      </Tabs>

      {admin && (
        <p className="text-sm text-stone-600">
          <FormattedMessage
            id="staff.settingsPointer"
            values={{
              link: (chunks: ReactNode[]) => (
                <Link className="font-medium text-brand-700 underline" to="/admin/settings">
                  {chunks}
                </Link>
              ),
            }}
          />
        </p>
      )}
    </div>
  );
}
