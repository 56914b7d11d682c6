import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema/index';
import { sentence } from '../../shared/i18n/sentence';
import { fullName, recordAudit, type AuditActor } from '../audit/audit';

/**
 * A change of someone's availability in the activity log, in the transaction of the change: their weekly hours, or
 * the hours of one date (a day off, special hours). Made by an admin, or by the employee for themself.
 */
export async function auditAvailability(tx: Tx, actor: AuditActor, employeeId: string, date?: string) {
  const [person] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, employeeId));
  const name = person ? fullName(person) : 'someone';
  await recordAudit(tx, actor, {
    action: date ? 'availability.date_changed' : 'availability.weekly_changed',
    entity: 'user',
    entityId: employeeId,
    summary: date
      ? sentence("Changed {name}'s hours on {date}.", { name, date })
      : sentence("Changed {name}'s weekly hours.", { name }),
  });
}
