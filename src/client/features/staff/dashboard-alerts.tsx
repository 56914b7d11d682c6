import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '../../components/ui/badge';
import { useCustomerName } from '../../entities/customers/customer-name';
import { can, isAdmin } from '../../../shared/roles';
import { useCurrentUser, useTimeZone } from '../../lib/session';
import { stampOf } from '../../lib/zoned-time';
import { Empty, Panel } from './dashboard-panels';
import type { DashboardData } from './staff-api';
import type { MessageId } from '../../../shared/i18n/en';

/** The dashboard's alerts tab: low stock, applications waiting, unconfirmed appointments and the week's no-shows. */
export function DashboardAlerts({ data: d }: { data: DashboardData }) {
  const intl = useIntl();
  const customerName = useCustomerName();
  const link = (to: string, label: MessageId) => ({ to, label: intl.formatMessage({ id: label }) });
  const timeZone = useTimeZone();
  const { user: me } = useCurrentUser();
  const admin = isAdmin(me);
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
      <Panel
        title={intl.formatMessage({ id: 'staff.lowStock' })}
        link={can(me, 'products.view') ? link('/admin/products', 'staff.manageProducts') : undefined}
      >
        {d.lowStockProducts.length === 0 ? (
          <Empty>
            <FormattedMessage id="staff.allInStock" />
          </Empty>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {d.lowStockProducts.map((p) => (
              <li key={p.id} className="flex justify-between gap-2 text-sm">
                <span className="text-stone-800">{p.name}</span>
                <Badge tone={p.inventory === 0 ? 'danger' : 'accent'}>
                  {p.inventory === 0 ? (
                    <FormattedMessage id="staff.outOfStock" />
                  ) : (
                    <FormattedMessage id="staff.itemsLeft" values={{ count: p.inventory }} />
                  )}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel
        title={intl.formatMessage({ id: 'staff.pendingApplications' })}
        link={admin ? link('/admin/employee-applications', 'staff.reviewApplications') : undefined}
      >
        <p className="text-sm text-stone-800">
          <FormattedMessage id="staff.applicationsWaiting" values={{ count: d.pendingApplications }} />
        </p>
      </Panel>
      <Panel
        title={intl.formatMessage({ id: 'staff.unconfirmedToday' })}
        link={can(me, 'appointments.view') ? link('/admin/calendar', 'staff.openCalendar') : undefined}
      >
        <p className="text-sm text-stone-800">
          <FormattedMessage id="staff.unconfirmedCount" values={{ count: d.unconfirmedToday }} />
        </p>
      </Panel>
      <Panel
        title={intl.formatMessage({ id: 'staff.noShowsThisWeek' })}
        link={can(me, 'customers.view') ? link('/admin/customers', 'staff.viewCustomers') : undefined}
      >
        {d.weekNoShows.length === 0 ? (
          <Empty>
            <FormattedMessage id="staff.noNoShows" />
          </Empty>
        ) : (
          <ul className="flex flex-col gap-1.5" aria-label={intl.formatMessage({ id: 'staff.noShowsThisWeekList' })}>
            {d.weekNoShows.map((a) => (
              <li key={a.id} className="flex flex-col text-sm">
                <span className="font-medium text-stone-800">{customerName(a.customer)}</span>
                <span className="text-stone-600">
                  <FormattedMessage
                    id="staff.noShowDetail"
                    values={{
                      service: a.service.name,
                      when: stampOf(a.dateTime, timeZone),
                      employee: a.employee.firstName,
                    }}
                  />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
