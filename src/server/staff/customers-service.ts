import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { CUSTOMER_ROLE } from '../../shared/roles';
import { CUSTOMERS_PAGE_SIZE, type CustomerRecord, type CustomersPage } from '../../shared/staff-schema';
import { rowsOf } from '../catalog/sql-rows';
import type { FiguresCache } from './figures-cache';

/** A customer is Active when they ordered or booked within this many days. */
export const ACTIVE_WINDOW_DAYS = 30;

const money = (v: unknown) => Number(v ?? 0).toFixed(2);
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/**
 * The customers screen: summary figures over every customer, and one page of customers (by name, matching
 * the search on name or e-mail) with their counts, spend and last activity, all computed in the database.
 */
export async function listCustomers(db: Tx, input: { search?: string; page?: number } = {}, figures?: FiguresCache): Promise<CustomersPage> {
  const page = input.page ?? 1;
  const search = input.search?.trim() ?? '';
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matches = search
    ? sql`and (u.first_name ilike ${pattern} or u.last_name ilike ${pattern} or u.email ilike ${pattern} or (u.first_name || ' ' || u.last_name) ilike ${pattern})`
    : sql``;
  const since = sql`now() - make_interval(days => ${ACTIVE_WINDOW_DAYS})`;

  const summaryQuery = () =>
    db.execute(sql`
      select
        (select count(*)::int from users where role = ${CUSTOMER_ROLE}) as total,
        (select count(*)::int from (
           select o.user_id from orders o where o.created_at >= ${since}
           union
           select a.customer_id from appointments a where a.created_at >= ${since}
         ) recent join users u on u.id = recent.user_id and u.role = ${CUSTOMER_ROLE}) as active,
        s.revenue, s.order_count
      from (
        select coalesce(sum(o.total), 0) as revenue, count(*)::int as order_count
        from orders o join users u on u.id = o.user_id and u.role = ${CUSTOMER_ROLE}
        where o.status <> 'cancelled'
      ) s`);
  const [summaryRows, countRows, pageRows] = await Promise.all([
    figures ? figures.get('customer-summary', summaryQuery) : summaryQuery(),
    search ? db.execute(sql`select count(*)::int as n from users u where u.role = ${CUSTOMER_ROLE} ${matches}`) : Promise.resolve(null),
    db.execute(sql`
      select u.id, u.first_name, u.last_name, u.email,
             o.order_count, o.total_spent, a.appointment_count,
             greatest(o.last_order, a.last_appointment) as last_activity
      from (
        select id, first_name, last_name, email from users u
        where u.role = ${CUSTOMER_ROLE} ${matches}
        order by u.first_name, u.last_name, u.id
        limit ${CUSTOMERS_PAGE_SIZE} offset ${(page - 1) * CUSTOMERS_PAGE_SIZE}
      ) u
      left join lateral (
        select count(*)::int as order_count,
               coalesce(sum(total) filter (where status <> 'cancelled'), 0) as total_spent,
               max(created_at) as last_order
        from orders where user_id = u.id
      ) o on true
      left join lateral (
        select count(*)::int as appointment_count, max(created_at) as last_appointment
        from appointments where customer_id = u.id
      ) a on true
      order by u.first_name, u.last_name, u.id`),
  ]);

  const summary = rowsOf<{ total: number; active: number; revenue: string; order_count: number }>(summaryRows)[0]!;
  const people = rowsOf<{
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    order_count: number;
    total_spent: string;
    appointment_count: number;
    last_activity: string | Date | null;
  }>(pageRows);
  const total = countRows ? rowsOf<{ n: number }>(countRows)[0]!.n : Number(summary.total);

  const ids = people.map((p) => p.id);
  const [orderRows, appointmentRows] = ids.length
    ? await Promise.all([
        db.execute(sql`
          select id, user_id, total, status, created_at from (
            select o.*, row_number() over (partition by o.user_id order by o.created_at desc) as n
            from orders o where o.user_id in ${sql`(${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`}
          ) t where n <= 3 order by created_at desc`),
        db.execute(sql`
          select t.id, t.customer_id, t.starts_at, t.status, coalesce(s.name, 'Service') as service_name from (
            select a.*, row_number() over (partition by a.customer_id order by a.starts_at desc) as n
            from appointments a where a.customer_id in ${sql`(${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`}
          ) t left join services s on s.id = t.service_id
          where t.n <= 3 order by t.starts_at desc`),
      ])
    : [[], []];
  const orders = rowsOf<{ id: string; user_id: string; total: string; status: string; created_at: string | Date }>(orderRows);
  const appointments = rowsOf<{ id: string; customer_id: string; starts_at: string | Date; status: string; service_name: string }>(appointmentRows);

  const activeSince = Date.now() - ACTIVE_WINDOW_DAYS * 24 * 60 * 60 * 1000;
  const items: CustomerRecord[] = people.map((p) => {
    const lastActivity = iso(p.last_activity);
    return {
      id: p.id,
      firstName: p.first_name,
      lastName: p.last_name,
      email: p.email,
      orderCount: Number(p.order_count),
      appointmentCount: Number(p.appointment_count),
      totalSpent: money(p.total_spent),
      lastActivity,
      isActive: lastActivity !== null && new Date(lastActivity).getTime() >= activeSince,
      orders: orders
        .filter((o) => o.user_id === p.id)
        .map((o) => ({ id: o.id, total: money(o.total), status: o.status, createdAt: iso(o.created_at)! })),
      appointments: appointments
        .filter((a) => a.customer_id === p.id)
        .map((a) => ({ id: a.id, dateTime: iso(a.starts_at)!, status: a.status, service: { name: a.service_name } })),
    };
  });

  const orderCount = Math.max(1, Number(summary.order_count));
  return {
    summary: {
      total: Number(summary.total),
      active: Number(summary.active),
      revenue: money(summary.revenue),
      averageOrderValue: (Number(summary.revenue) / orderCount).toFixed(2),
    },
    items,
    total,
    page,
    pageSize: CUSTOMERS_PAGE_SIZE,
  };
}
