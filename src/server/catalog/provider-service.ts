import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { serviceProviders, services, users } from '../../../db/schema/index';
import type { ProviderCandidate, ServiceProvider } from '../../shared/catalog-schema';
import type { SessionUser } from '../auth/sessions';
import { CUSTOMER_ROLE } from '../../shared/roles';
import { AppError } from '../app-error';
import { isUuid } from '../../shared/ids';
import { seesInactive } from './catalog-access';
import { fullName, recordAudit, type AuditActor } from '../audit/audit';
import { sentence } from '../../shared/i18n/sentence';

/*
 * Who performs a service. Only active staff (employees, admins and custom staff roles) count as
 * providers; a service with no such links may be performed by every active staff member.
 */

// isStaffRole (src/shared/roles.ts) as SQL: every role but customer.
/** Who can perform a service: active staff of any staff role (a custom role is staff, like employee). */
export const isActiveStaff = and(ne(users.role, CUSTOMER_ROLE), eq(users.isActive, true));

const NOT_A_PROVIDER_MESSAGE = 'Only active staff members can perform services';

const linkColumns = {
  serviceId: serviceProviders.serviceId,
  employeeId: serviceProviders.employeeId,
  employee: { id: users.id, firstName: users.firstName, lastName: users.lastName },
};

/** Every link to an active staff member; customers and visitors see those of active services only. */
export async function listProviders(db: Tx, viewer: Pick<SessionUser, 'role'> | null): Promise<ServiceProvider[]> {
  return db
    .select(linkColumns)
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.employeeId))
    .innerJoin(services, eq(services.id, serviceProviders.serviceId))
    .where(seesInactive(viewer) ? isActiveStaff : and(isActiveStaff, eq(services.isActive, true)))
    .orderBy(asc(serviceProviders.serviceId), asc(users.firstName), asc(users.lastName));
}

/** The links of one service (empty: anyone may perform it). 404 for a service the viewer may not see. */
export async function listProvidersForService(
  db: Tx,
  viewer: SessionUser | null,
  serviceId: string,
): Promise<ServiceProvider[]> {
  await requireService(db, viewer, serviceId);
  return db
    .select(linkColumns)
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.employeeId))
    .where(and(eq(serviceProviders.serviceId, serviceId), isActiveStaff))
    .orderBy(asc(users.firstName), asc(users.lastName));
}

/** Who may be chosen as a provider, with e-mail for the admin dialog (docs/catalogue.md). */
export async function listProviderCandidates(db: Tx): Promise<ProviderCandidate[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
    })
    .from(users)
    .where(isActiveStaff)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  return rows;
}

/** Links one employee to a service; linking twice is not an error (and not audited again). */
export async function addProvider(
  db: Tx,
  actor: AuditActor,
  input: { serviceId: string; employeeId: string },
): Promise<ServiceProvider> {
  return db.transaction(async (tx) => {
    const service = await requireService(tx, { role: 'admin' }, input.serviceId);
    await requireProviders(tx, [input.employeeId]);
    const added = await tx
      .insert(serviceProviders)
      .values({ serviceId: input.serviceId, employeeId: input.employeeId })
      .onConflictDoNothing()
      .returning({ employeeId: serviceProviders.employeeId });
    const [link] = await tx
      .select(linkColumns)
      .from(serviceProviders)
      .innerJoin(users, eq(users.id, serviceProviders.employeeId))
      .where(and(eq(serviceProviders.serviceId, input.serviceId), eq(serviceProviders.employeeId, input.employeeId)));
    if (added.length)
      await recordAudit(tx, actor, {
        action: 'service.provider_added',
        entity: 'service',
        entityId: input.serviceId,
        summary: sentence('Let {employee} perform {service}.', {
          employee: fullName(link!.employee),
          service: service.name,
        }),
      });
    return link!;
  });
}

export async function removeProvider(
  db: Tx,
  actor: AuditActor,
  key: { employeeId: string; serviceId: string },
): Promise<{ success: true; serviceId: string; employeeId: string }> {
  const notLinked = new AppError('NOT_FOUND', 'This employee is not linked to the service');
  if (!isUuid(key.employeeId) || !isUuid(key.serviceId)) throw notLinked;
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(serviceProviders)
      .where(and(eq(serviceProviders.serviceId, key.serviceId), eq(serviceProviders.employeeId, key.employeeId)))
      .returning({ serviceId: serviceProviders.serviceId });
    if (!removed) throw notLinked;
    const [names] = await tx
      .select({ service: services.name, firstName: users.firstName, lastName: users.lastName })
      .from(services)
      .innerJoin(users, eq(users.id, key.employeeId))
      .where(eq(services.id, key.serviceId));
    await recordAudit(tx, actor, {
      action: 'service.provider_removed',
      entity: 'service',
      entityId: key.serviceId,
      summary: sentence('Stopped {employee} performing {service}.', {
        employee: fullName(names!),
        service: names!.service,
      }),
    });
    return { success: true as const, serviceId: key.serviceId, employeeId: key.employeeId };
  });
}

/** Makes the service's links exactly these employees (inside the caller's transaction). */
export async function replaceProviders(tx: Tx, serviceId: string, employeeIds: readonly string[]) {
  const unique = [...new Set(employeeIds)];
  await requireProviders(tx, unique);
  await tx.delete(serviceProviders).where(eq(serviceProviders.serviceId, serviceId));
  if (unique.length > 0)
    await tx.insert(serviceProviders).values(unique.map((employeeId) => ({ serviceId, employeeId })));
}

async function requireService(db: Tx, viewer: Pick<SessionUser, 'role'> | null, serviceId: string) {
  const notFound = new AppError('NOT_FOUND', 'Service not found');
  if (!isUuid(serviceId)) throw notFound;
  const [row] = await db
    .select({ name: services.name, isActive: services.isActive })
    .from(services)
    .where(eq(services.id, serviceId))
    .limit(1);
  if (!row || (!row.isActive && !seesInactive(viewer))) throw notFound;
  return row;
}

async function requireProviders(db: Tx, employeeIds: readonly string[]) {
  if (employeeIds.length === 0) return;
  if (!employeeIds.every(isUuid)) throw new AppError('BAD_REQUEST', NOT_A_PROVIDER_MESSAGE);
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...employeeIds]), isActiveStaff));
  if (found.length !== employeeIds.length) throw new AppError('BAD_REQUEST', NOT_A_PROVIDER_MESSAGE);
}
