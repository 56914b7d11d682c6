import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client';
import {
  appointments,
  cartItems,
  chatMessages,
  orderItems,
  orders,
  services,
  sessions,
  users,
  userTokens,
  waitlistEntries,
} from '../../../db/schema/index';
import { liveStatuses } from '../../shared/appointment-schema';
import { dataRightsMessages, type MyData } from '../../shared/data-rights-schema';
import { isUuid } from '../../shared/ids';
import { isStaffRole } from '../../shared/roles';
import { sentence } from '../../shared/i18n/sentence';
import { AppError } from '../app-error';
import { cancelInTransaction, type BookingEnv } from '../appointments/appointment-service';
import { selectAppointments } from '../appointments/appointment-rows';
import type { SessionUser } from '../auth/sessions';
import { customerNamed, fullName, recordAudit, redactAudit, type AuditActor } from '../audit/audit';
import { redactEvents } from '../webhooks/event-redaction';
import { withdrawMail } from '../mail/outbox';
import { forgetFinishedJobs } from '../jobs/enqueue';
import { redactQueuedEvents } from '../events/subscriber';
import { customerRecordMessages } from '../../shared/customer-record-schema';
import { erasedEmail, isErased } from './erased';
import { queueRewrites } from '../calendars/calendar-push-queue';

const employee = alias(users, 'employee');
const iso = (value: Date | string) => new Date(value).toISOString();

/** GET /api/auth/user/export: everything the business holds on the caller (GDPR articles 15 and 20). */
export async function exportMyData(db: Tx, userId: string): Promise<MyData> {
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      locale: users.locale,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  const [booked, bought, lines, chats, waiting] = await Promise.all([
    db
      .select({
        id: appointments.id,
        startsAt: appointments.startsAt,
        duration: appointments.duration,
        status: appointments.status,
        service: services.name,
        employeeFirstName: employee.firstName,
        employeeLastName: employee.lastName,
        notes: appointments.notes,
        answers: appointments.answers,
      })
      .from(appointments)
      .leftJoin(services, eq(services.id, appointments.serviceId))
      .innerJoin(employee, eq(employee.id, appointments.employeeId))
      .where(eq(appointments.customerId, userId))
      .orderBy(asc(appointments.startsAt), asc(appointments.id)),
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        subtotal: orders.subtotal,
        discount: orders.discount,
        tax: orders.tax,
        total: orders.total,
        notes: orders.notes,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(asc(orders.createdAt), asc(orders.id)),
    db
      .select({
        orderId: orderItems.orderId,
        productName: orderItems.productName,
        unitPrice: orderItems.unitPrice,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.userId, userId))
      .orderBy(asc(orderItems.id)),
    db
      .select({
        id: chatMessages.id,
        createdAt: chatMessages.createdAt,
        senderId: chatMessages.senderId,
        message: chatMessages.message,
      })
      .from(chatMessages)
      .where(eq(chatMessages.customerId, userId))
      .orderBy(asc(chatMessages.seq)),
    db
      .select({
        id: waitlistEntries.id,
        service: services.name,
        date: waitlistEntries.date,
        createdAt: waitlistEntries.createdAt,
      })
      .from(waitlistEntries)
      .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
      .where(eq(waitlistEntries.customerId, userId))
      .orderBy(asc(waitlistEntries.date), asc(waitlistEntries.id)),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: { ...profile, createdAt: iso(profile.createdAt) },
    appointments: booked.map((a) => ({
      id: a.id,
      dateTime: iso(a.startsAt),
      duration: a.duration,
      status: a.status,
      service: a.service,
      employee: `${a.employeeFirstName} ${a.employeeLastName}`.trim(),
      notes: a.notes,
      answers: a.answers,
    })),
    orders: bought.map((o) => ({
      ...o,
      createdAt: iso(o.createdAt),
      items: lines
        .filter((l) => l.orderId === o.id)
        .map(({ productName, unitPrice, quantity }) => ({ productName, unitPrice, quantity })),
    })),
    chats: chats.map((c) => ({
      id: c.id,
      createdAt: iso(c.createdAt),
      fromMe: c.senderId === userId,
      message: c.message,
    })),
    waitlist: waiting.map((w) => ({ ...w, createdAt: iso(w.createdAt) })),
  };
}

/** DELETE /api/auth/user: the caller erases herself (customers only; staff accounts are closed by an admin). */
export async function eraseMyAccount(
  db: Tx,
  actor: SessionUser,
  env: BookingEnv,
): Promise<{ success: true; id: string }> {
  if (isStaffRole(actor.role)) throw new AppError('FORBIDDEN', dataRightsMessages.staffAccount);
  return eraseCustomer(db, actor, actor.id, env);
}

// What the erasure leaves of the free texts of her appointments and orders: on their rows, and in the kept events
// about them (an appointment's event says its notes twice, as notes and customerNotes).
const emptiedAppointment = { notes: '', answers: [] };
const emptiedOrder = { notes: null };

/**
 * Erases a customer (GDPR article 17), in one transaction (docs/customers.md): her row keeps only what the books need
 * ("Deleted customer", an undeliverable e-mail), the free texts of her appointments and orders are emptied, her
 * future appointments are cancelled (the employee is told, as for any cancellation), her chats, waitlist entries,
 * cart, sessions and links are deleted, mails still waiting to go to her are withdrawn, and the kept events and audit
 * entries about her are redacted. Orders and past appointments stay, for "Deleted customer". The e-mail is freed, so
 * the same person can sign up again as someone new.
 */
export async function eraseCustomer(
  db: Tx,
  actor: AuditActor,
  customerId: string,
  env: BookingEnv,
): Promise<{ success: true; id: string }> {
  const notFound = () => new AppError('NOT_FOUND', customerRecordMessages.notFound);
  if (!isUuid(customerId)) throw notFound();
  await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({
        id: users.id,
        role: users.role,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(users)
      .where(eq(users.id, customerId))
      .for('update');
    if (!customer || customer.role !== 'customer' || isErased(customer)) throw notFound();
    // Anonymised before the cancellations, so that their events (and the mails that follow them) carry no more of
    // her than the erased row: the cancellation mail is not queued to the erased address, the employee's still is.
    const erased = await anonymise(tx, customerId);
    const upcoming = await selectAppointments(tx).where(
      and(
        eq(appointments.customerId, customerId),
        inArray(appointments.status, [...liveStatuses]),
        gt(appointments.startsAt, env.now),
      ),
    );
    for (const row of upcoming) await cancelInTransaction(tx, row, env);
    // Events already written to an employee's own calendar named her: each is written again as the erased row
    // names her (a past visit) or removed (a cancelled one). Those never written stay unwritten.
    await queueRewrites(tx, erased.appointmentIds);
    await deleteTheRest(tx, customerId);
    await withdrawMail(tx, customer.email);
    const { firstName, lastName, email } = erased.person;
    // What the jobs remember of her: the mails sent to her (and those just withdrawn), the follow-ups about her.
    await forgetFinishedJobs(tx, [customer.email, customerId]);
    await redactQueuedEvents(tx, { id: customerId, customer: { firstName, lastName, email } });
    await redactEvents(tx, {
      id: customerId,
      person: erased.person,
      emptied: { appointment: { ...emptiedAppointment, customerNotes: emptiedAppointment.notes }, order: emptiedOrder },
    });
    // Before the erasure's own entry, which names only her id and so stays as written.
    await redactAudit(tx, {
      entityId: customerId,
      summary: sentence(dataRightsMessages.redactedSummary, {}),
      mentions: [
        { entity: 'appointment', ids: erased.appointmentIds },
        { entity: 'order', ids: erased.orderIds },
      ],
      name: fullName(customer),
      renamed: customerNamed(erased.person),
    });
    await recordAudit(tx, actor, {
      action: 'customer.erased',
      entity: 'customer',
      entityId: customerId,
      summary: sentence(dataRightsMessages.erasedSummary, {}),
    });
  });
  return { success: true, id: customerId };
}

/**
 * Her row keeps only what the books need, and the free texts of all her appointments and orders are emptied (each
 * row's updatedAt moves, so that a walk by updatedAt hands integrators the change). Answers what her row now holds
 * and the ids of her appointments and orders.
 */
async function anonymise(tx: Tx, customerId: string) {
  const [person] = await tx
    .update(users)
    .set({
      email: erasedEmail(customerId),
      firstName: 'Deleted',
      lastName: 'customer',
      profileImageUrl: null,
      phone: null,
      notes: '',
      tags: [],
      locale: null,
      passwordHash: null,
      oidcIssuer: null,
      oidcSubject: null,
      isActive: false,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, customerId))
    .returning({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone });
  const visits = await tx
    .update(appointments)
    .set({ ...emptiedAppointment, updatedAt: sql`now()` })
    .where(eq(appointments.customerId, customerId))
    .returning({ id: appointments.id });
  const bought = await tx
    .update(orders)
    .set({ ...emptiedOrder, updatedAt: sql`now()` })
    .where(eq(orders.userId, customerId))
    .returning({ id: orders.id });
  return { person: person!, appointmentIds: visits.map((v) => v.id), orderIds: bought.map((o) => o.id) };
}

/** What the books do not need of her is deleted: her chats, waitlist entries, cart, sessions and e-mail links. */
async function deleteTheRest(tx: Tx, customerId: string) {
  await tx
    .delete(chatMessages)
    .where(or(eq(chatMessages.customerId, customerId), eq(chatMessages.senderId, customerId)));
  await tx.delete(waitlistEntries).where(eq(waitlistEntries.customerId, customerId));
  await tx.delete(cartItems).where(eq(cartItems.userId, customerId));
  await tx.delete(sessions).where(eq(sessions.userId, customerId));
  await tx.delete(userTokens).where(eq(userTokens.userId, customerId));
}
