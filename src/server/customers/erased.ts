import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema/index';
import { customerRecordMessages, ERASED_DOMAIN } from '../../shared/customer-record-schema';
import { isUuid } from '../../shared/ids';
import { AppError } from '../app-error';

/** The address an erased customer's row keeps: unique, undeliverable, and never one a person signs up with. */
export const erasedEmail = (id: string) => `erased-${id}${ERASED_DOMAIN}`;

/** Users row `u` is not an erased customer (whose e-mail is erasedEmail of its id). */
export const notErased = sql`u.email <> 'erased-' || u.id::text || ${sql.raw(`'${ERASED_DOMAIN}'`)}`;

/** Whether a users row is an erased customer's. */
export const isErased = (person: { id: string; email: string }) => person.email === erasedEmail(person.id);

/**
 * Before a write to a customer's record: an erased customer is no longer changed (404 "No such customer.", as for an
 * unknown id; her record still opens by id as "Deleted customer"). Her row stays locked until the write commits, so
 * an erasure that starts meanwhile waits for it, and one that committed first is seen here.
 */
export async function refuseErased(tx: Tx, id: string): Promise<void> {
  if (!isUuid(id)) return;
  const [row] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id)).for('update');
  if (row && isErased(row)) throw new AppError('NOT_FOUND', customerRecordMessages.notFound);
}
