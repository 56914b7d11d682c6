/**
 * The status lists the database enums are made of, declared once. Plain values without drizzle, so
 * src/shared (and through it the client) reads the same lists the schema is built from.
 */

export const orderStatuses = ['pending', 'processing', 'completed', 'cancelled'] as const;

export const paymentStatuses = ['unpaid', 'paid', 'failed', 'partially_refunded', 'refunded'] as const;

export const appointmentStatuses = ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
