import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../../db/client';
import { users } from '../../../db/schema/index';
import { isUuid } from '../../shared/ids';
import { customerRecordMessages } from '../../shared/customer-record-schema';
import { integrationMessages } from '../../shared/integrations-schema';
import { can, CUSTOMER_ROLE, isStaffRole, type Permission } from '../../shared/roles';
import { AppError } from '../app-error';
import type { Actor } from '../auth/sessions';
import { personColumns, type Person } from '../appointments/slot-data';
import {
  CUSTOMERS_PAGE_SIZE,
  type CreateCustomerInput,
  type CustomerRecord,
  type CustomersInput,
  type CustomersPage,
} from '../../shared/staff-schema';
import { sentence } from '../../shared/i18n/sentence';
import { publish } from '../events/publish';
import { fullName, recordAudit } from '../audit/audit';
import { DEFAULT_PAGE_LIMIT, isoInstant, isPaged, pageOf, updatedWalk } from '../paging/page';
import type { FiguresCache } from './figures-cache';
import { isErased, notErased } from '../customers/erased';

/**
 * The customer a booking or an order names, for the staff and programs that act for customers: null when the
 * caller acts for themself. A customer's `customerId` is ignored (the booking pages send a placeholder for "me"),
 * and so is staff's own id or a placeholder that is no id at all. Anyone else named needs `permission` (403) and
 * must be a customer who is not erased (404). A program is nobody: it must name the customer (400).
 */
export async function customerNamedBy(
  db: Tx,
  actor: Actor,
  customerId: string | null | undefined,
  permission: Permission,
): Promise<Person | null> {
  if (actor.apiKey) {
    if (!customerId) throw new AppError('BAD_REQUEST', integrationMessages.nameTheCustomer);
  } else if (!isStaffRole(actor.role) || !customerId || !isUuid(customerId) || customerId === actor.id) return null;
  if (!can(actor, permission)) throw new AppError('FORBIDDEN', "You don't have permission to do that.");
  const [customer] = isUuid(customerId)
    ? await db
        .select(personColumns)
        .from(users)
        .where(and(eq(users.id, customerId), eq(users.role, CUSTOMER_ROLE)))
    : [];
  if (!customer || isErased(customer)) throw new AppError('NOT_FOUND', customerRecordMessages.notFound);
  return customer;
}

/** A customer is Active when they ordered or booked within this many days. */
const ACTIVE_WINDOW_DAYS = 30;

const money = (v: unknown) => Number(v ?? 0).toFixed(2);
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** A json_agg column (both drivers parse JSON); null when the customer has none. */
const jsonRows = <T>(v: unknown): T[] => (v as T[] | null) ?? [];

/** One customer as the customers list reads it, before it is shaped for the answer. */
interface CustomerRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  updated_at: string;
  order_count: number;
  total_spent: string;
  appointment_count: number;
  no_show_count: number;
  last_activity: string | Date | null;
  recent_orders: unknown;
  recent_appointments: unknown;
}

function toCustomerRecord(p: CustomerRow): CustomerRecord {
  const activeSince = Date.now() - ACTIVE_WINDOW_DAYS * 24 * 60 * 60 * 1000;
  const lastActivity = iso(p.last_activity);
  return {
    id: p.id,
    firstName: p.first_name,
    lastName: p.last_name,
    email: p.email,
    phone: p.phone,
    updatedAt: p.updated_at,
    orderCount: Number(p.order_count),
    appointmentCount: Number(p.appointment_count),
    noShowCount: Number(p.no_show_count),
    totalSpent: money(p.total_spent),
    lastActivity,
    isActive: lastActivity !== null && new Date(lastActivity).getTime() >= activeSince,
    orders: jsonRows<{ id: string; total: number; status: string; createdAt: string }>(p.recent_orders).map((o) => ({
      id: o.id,
      total: money(o.total),
      status: o.status,
      createdAt: iso(o.createdAt)!,
    })),
    appointments: jsonRows<{ id: string; startsAt: string; status: string; service: string }>(
      p.recent_appointments,
    ).map((a) => ({
      id: a.id,
      dateTime: iso(a.startsAt)!,
      status: a.status,
      service: { name: a.service },
    })),
  };
}

/** A customer who has just signed up, as the customers list shows them: no orders, no appointments yet. */
/** What newCustomerRecord is made of, as a select or a returning reads it. */
export const newCustomerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  updatedAt: isoInstant(users.updatedAt),
};

export function newCustomerRecord(user: {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  updatedAt: string;
}) {
  return toCustomerRecord({
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone ?? null,
    updated_at: user.updatedAt,
    order_count: 0,
    total_spent: '0',
    appointment_count: 0,
    no_show_count: 0,
    last_activity: null,
    recent_orders: null,
    recent_appointments: null,
  });
}

const EMAIL_KNOWN = 'Someone with this e-mail address is already known: existingId names them.';

/** The person with this e-mail, whatever its case (e-mails are unique regardless of case). */
const personByEmail = async (db: Tx, email: string) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
  )[0];

/**
 * A customer added by staff or a program (customers.edit), announced like one who signed up. An e-mail already
 * known (customer or staff) is 409 with `existingId`, also when another request adds it at the same moment.
 */
export async function createCustomer(db: Tx, actor: Actor, input: CreateCustomerInput): Promise<CustomerRecord> {
  return db.transaction(async (tx) => {
    const known = await personByEmail(tx, input.email);
    if (known) throw new AppError('CONFLICT', EMAIL_KNOWN, { existingId: known.id });
    const [created] = await tx
      .insert(users)
      .values({ ...input, role: CUSTOMER_ROLE })
      .onConflictDoNothing()
      .returning(newCustomerColumns);
    if (!created)
      throw new AppError('CONFLICT', EMAIL_KNOWN, { existingId: (await personByEmail(db, input.email))?.id });
    const record = newCustomerRecord(created);
    await publish(tx, { type: 'customer.created', data: record });
    await recordAudit(tx, actor, {
      action: 'customer.created',
      entity: 'customer',
      entityId: created.id,
      summary: sentence('Added customer {name}.', { name: fullName(created) }),
    });
    return record;
  });
}

/** The summary figures over every customer: how many, how many active lately, their revenue and order count. */
function readCustomerSummary(db: Tx) {
  const since = sql`now() - make_interval(days => ${ACTIVE_WINDOW_DAYS})`;
  return db.execute(sql`
    select
      (select count(*)::int from users u where u.role = ${CUSTOMER_ROLE} and ${notErased}) as total,
      (select count(*)::int from (
         select o.user_id from orders o where o.created_at >= ${since}
         union
         select a.customer_id from appointments a where a.created_at >= ${since}
       ) recent join users u on u.id = recent.user_id and u.role = ${CUSTOMER_ROLE} and ${notErased}) as active,
      s.revenue, s.order_count
    from (
      select coalesce(sum(o.total), 0) as revenue, count(*)::int as order_count
      from orders o join users u on u.id = o.user_id and u.role = ${CUSTOMER_ROLE}
      where o.status <> 'cancelled'
    ) s`);
}

/**
 * Who the search (and the tag) matches: the condition on users `u`, and the customers to page through. A search
 * gathers its matches on their own first: "offset 0" keeps the planner from folding them into the scan by name,
 * which a reused (generic) statement plan otherwise chooses, testing every customer in turn. Without a search or
 * tag `matches` is null: the total is the summary's, as counting every customer again per page would cost a full scan.
 */
function customerSearch(search: string, tag: string, email: string | undefined, walking: boolean) {
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const matches = sql.join(
    [
      // Erased customers are left off the screen's pages; a walk lists them, since erasure is a change an
      // integrator must learn of to forget the person too (docs/customers.md).
      walking ? sql`` : sql`and ${notErased}`,
      search ? sql`and (u.first_name || ' ' || u.last_name || ' ' || u.email) ilike ${pattern}` : sql``,
      // On the tags' GIN index (users_tags_idx).
      tag ? sql`and u.tags @> array[${tag}]::text[]` : sql``,
      // Exact and case-insensitive, on the unique index over lower(email).
      email ? sql`and lower(u.email) = ${email.toLowerCase()}` : sql``,
    ],
    sql` `,
  );
  const candidates =
    search || tag || email
      ? sql`(select id, first_name, last_name, email, phone, updated_at, count(*) over () as matches from users u where u.role = ${CUSTOMER_ROLE} ${matches} offset 0) u`
      : sql`(select id, first_name, last_name, email, phone, updated_at, null::int as matches from users u where u.role = ${CUSTOMER_ROLE} ${matches}) u`;
  return { matches, candidates };
}

/**
 * Which candidates a page holds: by name, the screens' numbered pages; or an integrator's walk by updatedAt, then id
 * (paging/page.ts), `limit` of them and one more that only says more follow.
 */
type CustomerSlice = { page: number } | { walk: SQL; limit: number };

/** One page of the candidates, with their counts, spend, last activity and three latest of each. */
function readCustomerPage(db: Tx, candidates: SQL, slice: CustomerSlice) {
  const order = 'walk' in slice ? sql`u.updated_at, u.id` : sql`u.first_name, u.last_name, u.id`;
  const window =
    'walk' in slice
      ? sql`where ${slice.walk} order by ${order} limit ${slice.limit + 1}`
      : sql`order by ${order} limit ${CUSTOMERS_PAGE_SIZE} offset ${(slice.page - 1) * CUSTOMERS_PAGE_SIZE}`;
  return db.execute(sql`
    select u.id, u.first_name, u.last_name, u.email, u.phone, ${isoInstant(sql`u.updated_at`)} as updated_at, u.matches,
           o.order_count, o.total_spent, a.appointment_count, a.no_show_count,
           greatest(o.last_order, a.last_appointment) as last_activity,
           recent_orders.list as recent_orders, recent_appointments.list as recent_appointments
    from (
      select id, first_name, last_name, email, phone, updated_at, matches from ${candidates}
      ${window}
    ) u
    left join lateral (
      select count(*)::int as order_count,
             coalesce(sum(total) filter (where status <> 'cancelled'), 0) as total_spent,
             max(created_at) as last_order
      from orders where user_id = u.id
    ) o on true
    left join lateral (
      select count(*)::int as appointment_count, count(*) filter (where status = 'no_show')::int as no_show_count,
             max(created_at) as last_appointment
      from appointments where customer_id = u.id
    ) a on true
    left join lateral (
      select json_agg(json_build_object('id', x.id, 'total', x.total, 'status', x.status, 'createdAt', x.created_at) order by x.created_at desc) as list
      from (select id, total, status, created_at from orders where user_id = u.id order by created_at desc limit 3) x
    ) recent_orders on true
    left join lateral (
      select json_agg(json_build_object('id', x.id, 'startsAt', x.starts_at, 'status', x.status, 'service', x.service) order by x.starts_at desc) as list
      from (
        select ap.id, ap.starts_at, ap.status, coalesce(s.name, 'Service') as service
        from appointments ap left join services s on s.id = ap.service_id
        where ap.customer_id = u.id order by ap.starts_at desc limit 3
      ) x
    ) recent_appointments on true
    order by ${order}`);
}

/**
 * The customers screen: summary figures over every customer, and one page of customers (by name, matching
 * the search anywhere in name or e-mail) with their counts, spend, last activity and three latest orders and
 * appointments. The page is one query (each round trip costs more than the work behind it); the search runs
 * on the trigram index over the same expression (users_search_trgm_idx), and its count comes with the page.
 */
export async function listCustomers(
  db: Tx,
  input: CustomersInput = {},
  figures?: FiguresCache,
): Promise<CustomersPage> {
  const page = input.page ?? 1;
  const search = input.search?.trim() ?? '';
  const tag = input.tag ?? '';
  const { matches, candidates } = customerSearch(search, tag, input.email, isPaged(input));
  const limit = input.limit ?? DEFAULT_PAGE_LIMIT;
  const slice: CustomerSlice = isPaged(input)
    ? { walk: await updatedWalk(db, input, sql`u.updated_at`, sql`u.id`), limit }
    : { page };
  const [summaryRows, pageRows] = await Promise.all([
    figures ? figures.get('customer-summary', () => readCustomerSummary(db)) : readCustomerSummary(db),
    readCustomerPage(db, candidates, slice),
  ]);
  const summary = rowsOf<{ total: number; active: number; revenue: string; order_count: number }>(summaryRows)[0]!;
  const people = rowsOf<CustomerRow & { matches: number | string | null }>(pageRows);
  const total =
    !search && !tag && !input.email
      ? Number(summary.total)
      : people.length > 0
        ? Number(people[0]!.matches)
        : // A page past the last match: count the matches on their own.
          rowsOf<{ n: number }>(
            await db.execute(sql`select count(*)::int as n from users u where u.role = ${CUSTOMER_ROLE} ${matches}`),
          )[0]!.n;

  const walked = 'walk' in slice ? pageOf(people.map(toCustomerRecord), limit, 'u', (c) => c.updatedAt) : undefined;
  const items = walked?.items ?? people.map(toCustomerRecord);

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
    pageSize: 'walk' in slice ? limit : CUSTOMERS_PAGE_SIZE,
    nextCursor: walked?.nextCursor ?? null,
  };
}
