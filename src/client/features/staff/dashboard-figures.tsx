import { useIntl } from 'react-intl';
import { useFormatMoney } from '../../lib/money';
import { StatCard } from './dashboard-panels';
import type { DashboardData } from './staff-api';

/** A share of a goal in whole percent, as the ICU percent style takes it (a fraction). */
const percent = (share: number) => Math.round(share) / 100;

/** The dashboard's four figures: the month's revenue and orders against their goals, today's appointments, low stock. */
export function DashboardFigures({ data: d }: { data: DashboardData }) {
  const intl = useIntl();
  const money = useFormatMoney();
  const revenueShare = Math.min(100, (Number(d.monthRevenue) / Number(d.revenueGoal)) * 100);
  const ordersShare = Math.min(100, (d.monthOrders / d.ordersGoal) * 100);
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={intl.formatMessage({ id: 'staff.monthlyRevenue' })}
        value={money(d.monthRevenue)}
        note={intl.formatMessage(
          { id: 'staff.revenueGoal' },
          { share: percent(revenueShare), goal: money(d.revenueGoal) },
        )}
        progress={revenueShare}
      />
      <StatCard
        label={intl.formatMessage({ id: 'staff.monthlyOrders' })}
        value={intl.formatNumber(d.monthOrders)}
        note={intl.formatMessage({ id: 'staff.ordersGoal' }, { share: percent(ordersShare), goal: d.ordersGoal })}
        progress={ordersShare}
      />
      <StatCard
        label={intl.formatMessage({ id: 'staff.todaysAppointments' })}
        value={intl.formatNumber(d.todayAppointments)}
        note={intl.formatMessage({ id: 'staff.awaitingConfirmation' }, { count: d.unconfirmedToday })}
      />
      <StatCard
        label={intl.formatMessage({ id: 'staff.lowStockItems' })}
        value={intl.formatNumber(d.lowStockCount)}
        note={intl.formatMessage({ id: 'staff.lowStockNote' })}
      />
    </div>
  );
}
