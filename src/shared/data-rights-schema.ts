import { z } from 'zod';
import { ZAppointmentAnswer } from './appointment-schema';
import { zInstant } from './wire-formats';

/** Data rights (docs/customers.md): a customer's own data as JSON, and erasure. */

export const dataRightsMessages = {
  confirm: 'Type DELETE to confirm',
  staffAccount: "A staff member's account is closed by an administrator, not deleted here.",
  erasedSummary: "Erased a customer's personal data.",
  // What an entry about a customer says once she is erased: everything it said was hers.
  redactedSummary: "This entry's details were erased with the customer's personal data.",
} as const;

/** DELETE /api/auth/user: the typed confirmation. */
export const ZDeleteAccountInput = z.object({
  confirm: z.literal('DELETE', { error: dataRightsMessages.confirm }),
});

export const ZMyData = z
  .object({
    exportedAt: zInstant(),
    profile: z.object({
      id: z.string(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string().nullable(),
      locale: z.string().nullable(),
      createdAt: zInstant(),
    }),
    appointments: z.array(
      z.object({
        id: z.string(),
        dateTime: zInstant(),
        duration: z.number().int(),
        status: z.string(),
        service: z.string().nullable(),
        employee: z.string(),
        notes: z.string(),
        answers: z.array(ZAppointmentAnswer),
      }),
    ),
    orders: z.array(
      z.object({
        id: z.string(),
        createdAt: zInstant(),
        status: z.string(),
        paymentStatus: z.string(),
        subtotal: z.string(),
        discount: z.string(),
        tax: z.string(),
        total: z.string(),
        notes: z.string().nullable().meta({ description: 'The note given when the order was placed for her, if any' }),
        items: z.array(z.object({ productName: z.string(), unitPrice: z.string(), quantity: z.number().int() })),
      }),
    ),
    chats: z.array(z.object({ id: z.string(), createdAt: zInstant(), fromMe: z.boolean(), message: z.string() })),
    waitlist: z.array(z.object({ id: z.string(), service: z.string(), date: z.string(), createdAt: zInstant() })),
  })
  .meta({
    id: 'MyData',
    description:
      'Everything the business holds on the signed-in person: profile, appointments with their answers, orders, chats and waitlist',
  });
export type MyData = z.infer<typeof ZMyData>;

export const ZErased = z
  .object({ success: z.literal(true), id: z.string() })
  .meta({ id: 'Erased', description: 'The answer to an erasure: the id of the customer whose data is gone' });
