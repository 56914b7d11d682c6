import { sql } from 'drizzle-orm';

/** The address an erased customer's row keeps: unique, undeliverable, and never one a person signs up with. */
export const erasedEmail = (id: string) => `erased-${id}@erased.invalid`;

/** Users row `u` is not an erased customer (whose e-mail is erasedEmail of its id). */
export const notErased = sql`u.email <> 'erased-' || u.id::text || '@erased.invalid'`;
