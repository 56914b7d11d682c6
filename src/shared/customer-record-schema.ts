import { ZAppointmentAnswer } from './appointment-schema';
import { z } from 'zod';
import { ZName, ZPhone } from './staff-schema';
import { zInstant } from './wire-formats';

/** The customer record at /admin/customers/{id}: who they are, what staff keep on them, and their history. */

// The messages below name these limits in words (a sentence is looked up as written, es/customer-sentences.ts).
const MAX_CUSTOMER_TAGS = 20;
const MAX_TAG_LENGTH = 40;

export const customerRecordMessages = {
  notFound: 'No such customer.',
  tooManyTags: 'A customer can have at most 20 tags',
  tagTooLong: 'A tag can be at most 40 characters',
  notesTooLong: 'Notes can be at most 5000 characters',
} as const;

const ZCustomerTag = z.string().trim().min(1).max(MAX_TAG_LENGTH, customerRecordMessages.tagTooLong);

/**
 * Tags as staff type them, trimmed and without repeats (a tag typed again in other capitals is the same tag,
 * so the list's `?tag=` filter finds every customer who has it).
 */
export const ZCustomerTags = z
  .array(z.string())
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.map((t) => t.trim()).filter((t) => t && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
  })
  .pipe(z.array(ZCustomerTag).max(MAX_CUSTOMER_TAGS, customerRecordMessages.tooManyTags));

export const ZCustomerNotes = z.string().max(5000, customerRecordMessages.notesTooLong);

export const ZCustomerIdInput = z.object({ id: z.string() });

export const ZUpdateCustomerInput = z.object({
  id: z.string(),
  // A customer keeps a name (the record, lists and mails say it): sent, it may not be blank.
  firstName: ZName.min(1, 'First name is required').optional(),
  lastName: ZName.min(1, 'Last name is required').optional(),
  phone: ZPhone.nullable()
    .optional()
    .transform((phone) => (phone === '' ? null : phone))
    .describe('Empty or null clears it'),
  notes: ZCustomerNotes.optional(),
  tags: ZCustomerTags.optional(),
});
export type UpdateCustomerInput = z.infer<typeof ZUpdateCustomerInput>;

export const ZCustomerDetail = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: zInstant(),
  notes: z.string(),
  tags: z.array(z.string()),
  stats: z.object({
    /** Appointments that took place (completed). */
    visits: z.number().int(),
    noShows: z.number().int(),
    /** Money spent: the totals of every order not cancelled. */
    spent: z.string(),
    lastVisitAt: zInstant().nullable(),
  }),
  appointments: z.array(
    z.object({
      id: z.string(),
      dateTime: zInstant(),
      duration: z.number().int(),
      status: z.string(),
      service: z.object({ id: z.string().nullable(), name: z.string() }),
      answers: z.array(ZAppointmentAnswer),
      employee: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      total: z.string(),
      status: z.string(),
      paymentStatus: z.string(),
      createdAt: zInstant(),
      itemCount: z.number().int(),
    }),
  ),
});
z.globalRegistry.add(ZCustomerDetail, { id: 'CustomerDetail' });
export type CustomerDetail = z.infer<typeof ZCustomerDetail>;

// `.invalid` is reserved (RFC 2606): no address there reaches anyone.
export const ERASED_DOMAIN = '@erased.invalid';

/**
 * Whether an address is an erased customer's: a mail to it could only bounce, nobody is there to read it, and a
 * screen shows no address rather than it.
 */
export const isErasedAddress = (email: string) => email.toLowerCase().endsWith(ERASED_DOMAIN);
