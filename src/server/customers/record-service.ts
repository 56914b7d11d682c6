import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import { appointments, orderItems, orders, services, users } from '../../../db/schema/index';
import { AppError } from '../app-error';
import {
  customerRecordMessages,
  type CustomerDetail,
  type UpdateCustomerInput,
} from '../../shared/customer-record-schema';
import { isUuid } from '../../shared/ids';
import { sentence } from '../../shared/i18n/sentence';
import { CUSTOMER_ROLE } from '../../shared/roles';
import { changeList, fullName, recordAudit, type AuditActor } from '../audit/audit';
import { refuseErased } from './erased';

const iso = (v: Date | string) => new Date(v).toISOString();

/** The customer's own row, or 404 for anyone who is not a customer (staff have no customer record). */
async function customerRow(db: Tx, id: string) {
  const [row] = isUuid(id)
    ? await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          phone: users.phone,
          isActive: users.isActive,
          createdAt: users.createdAt,
          notes: users.notes,
          tags: users.tags,
        })
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, CUSTOMER_ROLE)))
    : [];
  if (!row) throw new AppError('NOT_FOUND', customerRecordMessages.notFound);
  return row;
}

const employees = alias(users, 'employee');

/** A customer's whole story: contact details, staff notes and tags, figures, every appointment and order. */
export async function getCustomerRecord(db: Tx, id: string): Promise<CustomerDetail> {
  const customer = await customerRow(db, id);
  const [stats, visits, bought] = await Promise.all([
    db
      .select({
        visits: sql<number>`count(*) filter (where ${appointments.status} = 'completed')::int`,
        noShows: sql<number>`count(*) filter (where ${appointments.status} = 'no_show')::int`,
        lastVisitAt: sql<
          string | null
        >`max(${appointments.startsAt}) filter (where ${appointments.status} = 'completed')`,
      })
      .from(appointments)
      .where(eq(appointments.customerId, id)),
    db
      .select({
        id: appointments.id,
        startsAt: appointments.startsAt,
        duration: appointments.duration,
        status: appointments.status,
        answers: appointments.answers,
        serviceId: services.id,
        serviceName: services.name,
        employeeId: employees.id,
        employeeFirstName: employees.firstName,
        employeeLastName: employees.lastName,
      })
      .from(appointments)
      .leftJoin(services, eq(services.id, appointments.serviceId))
      .innerJoin(employees, eq(employees.id, appointments.employeeId))
      .where(eq(appointments.customerId, id))
      .orderBy(desc(appointments.startsAt), asc(appointments.id)),
    db
      .select({
        id: orders.id,
        total: orders.total,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        createdAt: orders.createdAt,
        // Spelled out: drizzle leaves columns unqualified in a one-table select, which the subquery would misread.
        itemCount: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from ${orderItems} oi where oi.order_id = "orders"."id")`,
      })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), asc(orders.id)),
  ]);
  const spent = bought.filter((o) => o.status !== 'cancelled').reduce((sum, o) => sum + toCents(o.total), 0);
  const figures = stats[0]!;
  return {
    ...customer,
    createdAt: iso(customer.createdAt),
    stats: {
      visits: Number(figures.visits),
      noShows: Number(figures.noShows),
      spent: (spent / 100).toFixed(2),
      lastVisitAt: figures.lastVisitAt ? iso(figures.lastVisitAt) : null,
    },
    appointments: visits.map((a) => ({
      id: a.id,
      dateTime: iso(a.startsAt),
      duration: a.duration,
      status: a.status,
      service: { id: a.serviceId, name: a.serviceName ?? 'Service' },
      answers: a.answers,
      employee: { id: a.employeeId, firstName: a.employeeFirstName, lastName: a.employeeLastName },
    })),
    orders: bought.map((o) => ({
      id: o.id,
      total: o.total,
      status: o.status,
      paymentStatus: o.paymentStatus,
      createdAt: iso(o.createdAt),
      itemCount: Number(o.itemCount),
    })),
  };
}

/** numeric(10,2) as whole cents, so that adding amounts stays exact. */
const toCents = (amount: string) => Math.round(Number(amount) * 100);

/** Staff change a customer's name, phone, notes or tags; the audit log says what changed (phone and notes by name only). */
export async function updateCustomerRecord(
  db: Db,
  actor: AuditActor,
  input: UpdateCustomerInput,
): Promise<CustomerDetail> {
  return db.transaction(async (tx) => {
    // An erased record stays erased: nothing personal is written to it again (docs/customers.md).
    await refuseErased(tx, input.id);
    const before = await customerRow(tx, input.id);
    const next = {
      firstName: input.firstName ?? before.firstName,
      lastName: input.lastName ?? before.lastName,
      phone: input.phone === undefined ? before.phone : input.phone,
      notes: input.notes ?? before.notes,
      tags: input.tags ?? before.tags,
    };
    await tx
      .update(users)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(users.id, before.id));
    await recordAudit(tx, actor, {
      action: 'customer.updated',
      entity: 'customer',
      entityId: before.id,
      summary: sentence('Updated customer {name}: {changes}', {
        name: fullName({ ...next, email: before.email }),
        changes: changeList([
          next.firstName !== before.firstName || next.lastName !== before.lastName
            ? sentence('name "{from}" → "{to}"', { from: fullName(before), to: fullName(next) })
            : null,
          next.phone !== before.phone ? sentence('phone', {}) : null,
          next.notes !== before.notes ? sentence('notes', {}) : null,
          next.tags.join(', ') !== before.tags.join(', ')
            ? sentence('tags "{from}" → "{to}"', { from: before.tags.join(', '), to: next.tags.join(', ') })
            : null,
        ]),
      }),
    });
    return getCustomerRecord(tx, before.id);
  });
}
