import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import * as s from '../../../db/schema/index';
import { auditRow } from '../audit/audit';
import { roleCreated } from '../staff/roles-service';
import { staffAdded } from '../staff/users-service';

/**
 * The staff screens' demo: a custom role with one holder, and the audit entries those changes would have
 * left, so the roles page, the staff list and the activity log show a lived-in business.
 */
export async function seedStaffDemo(tx: Tx, opts: { adminEmail: string; passwordHash: string; now: Date }) {
  const [admin] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, opts.adminEmail));
  const [role] = await tx
    .insert(s.roles)
    .values({
      name: 'front_desk',
      displayName: 'Front Desk',
      description: 'Welcomes guests, books appointments and answers customers.',
      permissions: [
        'dashboard.view',
        'appointments.view',
        'appointments.edit',
        'appointments.calendar',
        'customers.view',
        'chat.view',
        'chat.respond',
      ],
    })
    .returning({
      id: s.roles.id,
      name: s.roles.name,
      displayName: s.roles.displayName,
      permissions: s.roles.permissions,
    });
  const [noah] = await tx
    .insert(s.users)
    .values({
      email: 'noah.desk@example.com',
      firstName: 'Noah',
      lastName: 'Bennett',
      role: 'front_desk',
      passwordHash: opts.passwordHash,
    })
    .returning({
      id: s.users.id,
      email: s.users.email,
      firstName: s.users.firstName,
      lastName: s.users.lastName,
      role: s.users.role,
    });
  const at = (hoursAgo: number) => new Date(opts.now.getTime() - hoursAgo * 3600000);
  const actor = admin ?? null;
  await tx.insert(s.auditLog).values([
    {
      ...auditRow(actor, { action: 'role.created', entity: 'role', entityId: role!.id, summary: roleCreated(role!) }),
      createdAt: at(72),
    },
    {
      ...auditRow(actor, {
        action: 'user.created',
        entity: 'user',
        entityId: noah!.id,
        summary: staffAdded({ ...noah!, role: role!.displayName }),
      }),
      createdAt: at(71),
    },
  ]);
}
