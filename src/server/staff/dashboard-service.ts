import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client';
import { dashboardGoals, type Dashboard } from '../../shared/staff-schema';
import { getSettings } from '../settings/settings-service';

const money = (v: unknown) => Number(v ?? 0).toFixed(2);
const iso = (v: unknown) => new Date(v as string).toISOString();
const SERIES_DAYS = 30;

/** The dashboard's appointment lists read appointments with their service, customer and employee. */
const appointmentLines = sql`
  select a.id, a.starts_at, a.status, coalesce(s.name, 'Service') as service_name,
         c.id as customer_id, c.first_name, c.last_name, c.email,
         e.id as employee_id, e.first_name as employee_first_name, e.last_name as employee_last_name
  from appointments a
  join users c on c.id = a.customer_id
  join users e on e.id = a.employee_id
  left join services s on s.id = a.service_id`;

/** An appointment row of the dashboard's lists. */
function appointmentLine(r: Record<string, string>) {
  return {
    id: r.id!,
    dateTime: iso(r.starts_at),
    service: { name: r.service_name! },
    customer: { id: r.customer_id!, firstName: r.first_name!, lastName: r.last_name!, email: r.email! },
    employee: { id: r.employee_id!, firstName: r.employee_first_name!, lastName: r.employee_last_name! },
  };
}

/**
 * The admin dashboard's figures, computed in the database. "Today" and "this month" are the business's,
 * in its time zone; revenue is what was charged (totals after discounts) less what was refunded, cancelled
 * orders earn nothing and cancelled appointments are not counted.
 */
export async function getDashboard(db: Tx): Promise<Dashboard> {
  const { timezone } = await getSettings(db);
  const tz = sql`${timezone}::text`;
  const localNow = sql`(now() at time zone ${tz})`;
  const monthStart = sql`(date_trunc('month', ${localNow}) at time zone ${tz})`;
  const dayStart = sql`((${localNow})::date::timestamp at time zone ${tz})`;
  const dayEnd = sql`(((${localNow})::date + 1)::timestamp at time zone ${tz})`;
  // Weeks start on Monday (ISO), as date_trunc('week') has it.
  const weekStart = sql`(date_trunc('week', ${localNow}) at time zone ${tz})`;
  const weekEnd = sql`((date_trunc('week', ${localNow}) + interval '7 days') at time zone ${tz})`;
  const seriesStart = sql`(((${localNow})::date - ${sql.raw(String(SERIES_DAYS - 1))})::timestamp at time zone ${tz})`;

  const [figures, recent, today, lowStock, noShows, series] = await Promise.all([
    db.execute(sql`
      select
        (select coalesce(sum(total - refunded_amount), 0) from orders where created_at >= ${monthStart} and status <> 'cancelled') as month_revenue,
        (select count(*)::int from orders where created_at >= ${monthStart} and status <> 'cancelled') as month_orders,
        (select count(*)::int from appointments where starts_at >= ${dayStart} and starts_at < ${dayEnd} and status <> 'cancelled') as today_appointments,
        (select count(*)::int from appointments where starts_at >= ${dayStart} and starts_at < ${dayEnd} and status = 'pending') as unconfirmed_today,
        (select count(*)::int from products where is_active and inventory < ${dashboardGoals.lowStockBelow}) as low_stock,
        (select count(*)::int from employee_applications where status = 'pending') as pending_applications`),
    db.execute(sql`
      select o.id, o.total, o.status, o.created_at, u.id as customer_id, u.first_name, u.last_name, u.email
      from orders o join users u on u.id = o.user_id
      order by o.created_at desc, o.id desc limit 5`),
    db.execute(sql`
      ${appointmentLines}
      where a.starts_at >= ${dayStart} and a.starts_at < ${dayEnd} and a.status <> 'cancelled'
      order by a.starts_at, a.id limit 5`),
    db.execute(sql`
      select id, name, inventory from products
      where is_active and inventory < ${dashboardGoals.lowStockBelow}
      order by inventory, name limit 10`),
    db.execute(sql`
      ${appointmentLines}
      where a.status = 'no_show' and a.starts_at >= ${weekStart} and a.starts_at < ${weekEnd}
      order by a.starts_at desc, a.id limit 20`),
    db.execute(sql`
      with days as (
        select generate_series((${localNow})::date - ${sql.raw(String(SERIES_DAYS - 1))}, (${localNow})::date, interval '1 day')::date as day
      ),
      o as (
        select (created_at at time zone ${tz})::date as day, sum(total - refunded_amount) as revenue, count(*)::int as orders
        from orders where created_at >= ${seriesStart} and status <> 'cancelled' group by 1
      ),
      a as (
        select (starts_at at time zone ${tz})::date as day, count(*)::int as bookings
        from appointments where starts_at >= ${seriesStart} and starts_at < ${dayEnd} and status <> 'cancelled' group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(o.revenue, 0) as revenue, coalesce(o.orders, 0) as orders, coalesce(a.bookings, 0) as bookings
      from days left join o on o.day = days.day left join a on a.day = days.day
      order by days.day`),
  ]);

  const f = rowsOf<Record<string, unknown>>(figures)[0]!;
  return {
    monthRevenue: money(f.month_revenue),
    revenueGoal: money(dashboardGoals.monthRevenue),
    monthOrders: Number(f.month_orders),
    ordersGoal: dashboardGoals.monthOrders,
    todayAppointments: Number(f.today_appointments),
    lowStockCount: Number(f.low_stock),
    pendingApplications: Number(f.pending_applications),
    unconfirmedToday: Number(f.unconfirmed_today),
    recentOrders: rowsOf<Record<string, string>>(recent).map((r) => ({
      id: r.id!,
      total: money(r.total),
      status: r.status!,
      createdAt: iso(r.created_at),
      customer: { id: r.customer_id!, firstName: r.first_name!, lastName: r.last_name!, email: r.email! },
    })),
    todaysAppointments: rowsOf<Record<string, string>>(today).map((r) => ({
      ...appointmentLine(r),
      status: r.status!,
    })),
    lowStockProducts: rowsOf<{ id: string; name: string; inventory: number }>(lowStock).map((r) => ({
      id: r.id,
      name: r.name,
      inventory: Number(r.inventory),
    })),
    weekNoShows: rowsOf<Record<string, string>>(noShows).map(appointmentLine),
    series: rowsOf<{ date: string; revenue: string; orders: number; bookings: number }>(series).map((r) => ({
      date: r.date,
      revenue: money(r.revenue),
      orders: Number(r.orders),
      bookings: Number(r.bookings),
    })),
  };
}
