import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import * as s from '../../../db/schema/index';

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
    .returning({ id: s.roles.id });
  const [noah] = await tx
    .insert(s.users)
    .values({
      email: 'noah.desk@example.com',
      firstName: 'Noah',
      lastName: 'Bennett',
      role: 'front_desk',
      passwordHash: opts.passwordHash,
    })
    .returning({ id: s.users.id });
  const at = (hoursAgo: number) => new Date(opts.now.getTime() - hoursAgo * 3600000);
  await tx.insert(s.auditLog).values([
    {
      actorId: admin?.id ?? null,
      action: 'role.created',
      entity: 'role',
      entityId: role!.id,
      summary:
        'Created role Front Desk (front_desk) with permissions: View dashboard, View appointments, Edit appointments, Use the calendar, View customers, View chats, Respond to chats',
      createdAt: at(72),
    },
    {
      actorId: admin?.id ?? null,
      action: 'user.created',
      entity: 'user',
      entityId: noah!.id,
      summary: 'Added Noah Bennett (noah.desk@example.com) as front_desk and sent a set-password link',
      createdAt: at(71),
    },
  ]);
}
