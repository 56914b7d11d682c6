import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { orderItems, orders, packagePurchases, servicePackages, services, users } from '../../../db/schema/index';
import { isUuid } from '../../shared/ids';
import { orderNumber, toCents } from '../../shared/orders';
import type { Package, PackageInput, PackagePurchase, PackageUpdateInput } from '../../shared/package-schema';
import { sentence } from '../../shared/i18n/sentence';
import { AppError } from '../app-error';
import type { Actor } from '../auth/sessions';
import { emitOrderEvent, getOrder, type OrderDeps } from '../orders/order-service';
import { creditPaidPackage } from './package-credits';
import { providerFailure } from '../payments/provider';
import { recordAudit } from '../audit/audit';

/*
 * Packages (docs/packages.md): packs of sessions staff define and customers buy ahead. A purchase is an order of
 * one line; the credit is written when that order is paid (package-credits.ts, creditPaidPackage).
 */

const NOT_FOUND = 'Package not found';
/** How long a card payment page for a pack stays open; an unpaid card order is then cancelled. */
const HOSTED_PAYMENT_MINUTES = 60;

const packageColumns = {
  id: servicePackages.id,
  name: servicePackages.name,
  serviceIds: servicePackages.serviceIds,
  sessions: servicePackages.sessions,
  price: servicePackages.price,
  validDays: servicePackages.validDays,
  isActive: servicePackages.isActive,
  createdAt: servicePackages.createdAt,
};

type PackageRow = Omit<Package, 'createdAt'> & { createdAt: Date };

const answerPackage = (row: PackageRow): Package => ({ ...row, createdAt: row.createdAt.toISOString() });

// ---------------------------------------------------------------------------------------------------------
// Packs (staff with services.edit; the active ones are public)

/** The packs on sale (or, for staff, every pack), cheapest first. */
export async function listPackages(db: Tx, opts: { includeInactive: boolean }): Promise<Package[]> {
  const rows = await db
    .select(packageColumns)
    .from(servicePackages)
    .where(opts.includeInactive ? undefined : eq(servicePackages.isActive, true))
    .orderBy(asc(servicePackages.price), asc(servicePackages.name));
  return rows.map(answerPackage);
}

/** Every service a pack names must exist: a pack of sessions nobody can book is refused. */
async function requireServices(db: Tx, serviceIds: readonly string[]) {
  const ids = serviceIds.filter(isUuid);
  const found = ids.length ? await db.select({ id: services.id }).from(services).where(inArray(services.id, ids)) : [];
  if (found.length !== serviceIds.length)
    throw new AppError('BAD_REQUEST', 'A package can only cover existing services.');
}

export async function createPackage(db: Tx, actor: Actor, input: PackageInput): Promise<Package> {
  await requireServices(db, input.serviceIds);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(servicePackages)
      .values({ ...input, isActive: input.isActive ?? true })
      .returning(packageColumns);
    await recordAudit(tx, actor, {
      action: 'package.created',
      entity: 'package',
      entityId: row!.id,
      summary: sentence('Created package {name}.', { name: row!.name }),
    });
    return answerPackage(row!);
  });
}

/** Changes what the body names. Credits already bought keep the services, sessions and expiry they were sold with. */
export async function updatePackage(db: Tx, actor: Actor, input: PackageUpdateInput): Promise<Package> {
  if (!isUuid(input.id)) throw new AppError('NOT_FOUND', NOT_FOUND);
  const { id, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as typeof fields;
  if (changes.serviceIds) await requireServices(db, changes.serviceIds);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(servicePackages)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(servicePackages.id, id))
      .returning(packageColumns);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await recordAudit(tx, actor, {
      action: 'package.updated',
      entity: 'package',
      entityId: row.id,
      summary: sentence('Changed package {name}.', { name: row.name }),
    });
    return answerPackage(row);
  });
}

/** Deletes a pack from sale. Credits bought with it stay usable until they run out or expire. */
export async function deletePackage(db: Tx, actor: Actor, id: string): Promise<{ success: true; id: string }> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', NOT_FOUND);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(servicePackages)
      .where(eq(servicePackages.id, id))
      .returning({ id: servicePackages.id, name: servicePackages.name });
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await recordAudit(tx, actor, {
      action: 'package.deleted',
      entity: 'package',
      entityId: row.id,
      summary: sentence('Deleted package {name}.', { name: row.name }),
    });
    return { success: true as const, id };
  });
}

// ---------------------------------------------------------------------------------------------------------
// Buying a pack

/**
 * Places the order that buys a pack: one line, the pack's price (no tax: the price is what the customer pays).
 * With card payments configured it is paid on the provider's page (paymentUrl); otherwise it is paid at the
 * business and staff mark it paid; a free pack is paid as placed. Either way the credit is written when the order
 * is paid.
 */
export async function purchasePackage(db: Tx, deps: OrderDeps, actor: Actor, id: string): Promise<PackagePurchase> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', NOT_FOUND);
  const [pack] = await db
    .select(packageColumns)
    .from(servicePackages)
    .where(and(eq(servicePackages.id, id), eq(servicePackages.isActive, true)));
  if (!pack) throw new AppError('NOT_FOUND', NOT_FOUND);
  const [customer] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!customer) throw new AppError('NOT_FOUND', NOT_FOUND);

  const orderId = randomUUID();
  const card = deps.payments.byId('stripe');
  const amountCents = toCents(pack.price);
  const minimum = card?.minimumAmount?.(deps.currency) ?? 1;
  // A free pack (0.00) is paid as it is placed, as any order with nothing to pay: its credit is there at once.
  const free = amountCents === 0;
  const online = !free && !!card?.createHostedPayment && amountCents >= minimum;
  const provider = online ? card! : deps.payments.byId('manual')!;
  const back = `${deps.publicUrl}/orders/${orderId}?payment=`;
  const payment = online
    ? await card!.createHostedPayment!({
        paidFor: { orderId },
        amountCents,
        currency: deps.currency.toLowerCase(),
        userId: customer.id,
        email: customer.email,
        title: `Order #${orderNumber(orderId)}`,
        description: `1 × ${pack.name}`,
        successUrl: `${back}success`,
        cancelUrl: `${back}cancelled`,
        expiresAt: new Date(Date.now() + HOSTED_PAYMENT_MINUTES * 60_000),
        idempotencyKey: `package-order-${orderId}`,
      }).catch(providerFailure)
    : null;
  try {
    await db.transaction(async (tx) => {
      await tx.insert(orders).values({
        id: orderId,
        userId: customer.id,
        subtotal: pack.price,
        tax: '0.00',
        total: pack.price,
        status: free ? 'processing' : 'pending',
        paymentStatus: free ? 'paid' : 'unpaid',
        paymentProvider: provider.id,
        paymentReference: payment?.reference ?? null,
      });
      await tx
        .insert(orderItems)
        .values({ orderId, productId: null, productName: pack.name, unitPrice: pack.price, quantity: 1 });
      await tx.insert(packagePurchases).values({
        orderId,
        packageId: pack.id,
        customerId: customer.id,
        name: pack.name,
        serviceIds: pack.serviceIds,
        sessions: pack.sessions,
        validDays: pack.validDays,
      });
      await emitOrderEvent(tx, 'order.created', orderId);
      if (free) await creditPaidPackage(tx, orderId);
    });
  } catch (error) {
    if (payment) await provider.cancel(payment.reference).catch(() => undefined);
    throw error;
  }
  const order = await getOrder(db, actor, orderId);
  return payment?.url ? { order: { ...order, paymentUrl: payment.url }, paymentUrl: payment.url } : { order };
}
