import { Badge } from '../../components/ui/badge';
import { can, isAdmin } from '../../../shared/roles';
import { useCurrentUser, useTimeZone } from '../../lib/session';
import { stampOf } from '../../lib/zoned-time';
import { Empty, Panel } from './dashboard-panels';
import type { DashboardData } from './staff-api';

/** The dashboard's alerts tab: low stock, applications waiting, unconfirmed appointments and the week's no-shows. */
export function DashboardAlerts({ data: d }: { data: DashboardData }) {
  const timeZone = useTimeZone();
  const { user: me } = useCurrentUser();
  const admin = isAdmin(me);
  return (
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
  );
}
