/**
 * The status lists the database enums are made of, declared once. Plain values without drizzle, so
 * src/shared (and through it the client) reads the same lists the schema is built from.
 */

export const orderStatuses = ['pending', 'processing', 'completed', 'cancelled'] as const;

export const paymentStatuses = ['unpaid', 'paid', 'failed', 'partially_refunded', 'refunded'] as const;

/**
 * An appointment's deposit: the same names as an order's payment where they mean the same, plus not_required
 * for a service that asks for none. unpaid: due (on the card page while the time is held, or at the appointment).
 * prepaid: paid ahead with a session of a package (docs/packages.md).
 */
export const appointmentPaymentStatuses = ['not_required', 'unpaid', 'paid', 'failed', 'refunded', 'prepaid'] as const;

/** What a service asks to be paid when it is booked. */
export const depositTypes = ['none', 'fixed', 'full'] as const;

export const appointmentStatuses = ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
