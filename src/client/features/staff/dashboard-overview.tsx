import { FormattedMessage, useIntl } from 'react-intl';
import { can } from '../../../shared/roles';
import { orderNumber } from '../../../shared/orders';
import { AppointmentStatusBadge } from '../../entities/appointments/appointment-status-badge';
import { OrderStatusBadge } from '../../entities/orders/order-status-badge';
import { useCustomerName } from '../../entities/customers/customer-name';
import { useFormatMoney } from '../../lib/money';
import { useCurrentUser, useTimeZone } from '../../lib/session';
import { stampOf, timeOf } from '../../lib/zoned-time';
import { Empty, Panel } from './dashboard-panels';
import type { DashboardData } from './staff-api';

/** The dashboard's first tab: the latest orders and today's appointments. */
export function DashboardOverview({ data: d }: { data: DashboardData }) {
  const intl = useIntl();
  const customerName = useCustomerName();
  const timeZone = useTimeZone();
  const money = useFormatMoney();
  const { user: me } = useCurrentUser();
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Panel
        title={intl.formatMessage({ id: 'staff.recentOrders' })}
        link={
          can(me, 'orders.view')
            ? { to: '/admin/orders', label: intl.formatMessage({ id: 'staff.viewAllOrders' }) }
            : undefined
        }
      >
        {d.recentOrders.length === 0 ? (
          <Empty>
            <FormattedMessage id="staff.noOrdersYet" />
          </Empty>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100">
            {d.recentOrders.map((o) => (
              <li key={o.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium text-stone-900">
                    <FormattedMessage id="staff.orderNumber" values={{ number: orderNumber(o.id) }} />
                  </span>
                  <span className="block truncate text-stone-600">
                    {customerName(o.customer)} · {stampOf(o.createdAt, timeZone)}
                  </span>
                </span>
                <span className="flex shrink-0 items-center gap-2">
                  <OrderStatusBadge status={o.status} />
                  <span className="font-medium text-stone-900">{money(o.total)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel
        title={intl.formatMessage({ id: 'staff.todaysAppointments' })}
        link={
          can(me, 'appointments.view')
            ? { to: '/admin/calendar', label: intl.formatMessage({ id: 'staff.openCalendar' }) }
            : undefined
        }
      >
        {d.todaysAppointments.length === 0 ? (
          <Empty>
            <FormattedMessage id="staff.noAppointmentsToday" />
          </Empty>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100">
            {d.todaysAppointments.map((a) => (
              <li key={a.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium text-stone-900">
                    {timeOf(a.dateTime, timeZone)} · {a.service.name}
                  </span>
                  <span className="block truncate text-stone-600">
                    <FormattedMessage
                      id="staff.customerWithEmployee"
                      values={{
                        customer: customerName(a.customer),
                        employee: a.employee.firstName,
                      }}
                    />
                  </span>
                </span>
                <AppointmentStatusBadge status={a.status} />
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
