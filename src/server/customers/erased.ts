import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { users } from '../../../db/schema/index';
import { customerRecordMessages } from '../../shared/customer-record-schema';
import { isUuid } from '../../shared/ids';
import { AppError } from '../app-error';

// `.invalid` is reserved (RFC 2606): no address there reaches anyone.
const ERASED_DOMAIN = '@erased.invalid';

/** The address an erased customer's row keeps: unique, undeliverable, and never one a person signs up with. */
export const erasedEmail = (id: string) => `erased-${id}${ERASED_DOMAIN}`;

/** Users row `u` is not an erased customer (whose e-mail is erasedEmail of its id). */
export const notErased = sql`u.email <> 'erased-' || u.id::text || ${sql.raw(`'${ERASED_DOMAIN}'`)}`;

/** Whether a users row is an erased customer's. */
export const isErased = (person: { id: string; email: string }) => person.email === erasedEmail(person.id);

/** Whether an address is an erased customer's: a mail to it could only bounce, and nobody is there to read it. */
export const isErasedAddress = (email: string) => email.toLowerCase().endsWith(ERASED_DOMAIN);

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
