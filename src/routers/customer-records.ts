import { getCustomerRecord, updateCustomerRecord } from '../server/customers/record-service';
import { eraseCustomer } from '../server/customers/data-rights';
import { bookingEnv } from '../server/api/booking-env';
import { ZErased } from '../shared/data-rights-schema';
import { permissionProcedure, rest, router } from '../server/api/trpc';
import { ZCustomerDetail, ZCustomerIdInput, ZUpdateCustomerInput } from '../shared/customer-record-schema';
import { changingCustomers } from '../server/staff/figures-cache';

const tags = ['customers'];

/** The customer record: one customer's details, staff notes and tags, and history (docs/customers.md). */
export const customerRecordsRouter = router({
  get: permissionProcedure('customers.view')
    .meta(
      rest({
        method: 'GET',
        path: '/admin/customers/{id}',
        tags,
        errors: { 404: 'No such customer' },
        summary: "A customer's record: contact details, notes, tags, figures, appointments and orders",
      }),
    )
    .input(ZCustomerIdInput)
    .output(ZCustomerDetail)
    .query(({ ctx, input }) => getCustomerRecord(ctx.db, input.id)),

  update: permissionProcedure('customers.edit')
    .meta(
      rest({
        method: 'PUT',
        path: '/admin/customers/{id}',
        tags,
        errors: { 404: 'No such customer' },
        summary: "Change a customer's name, staff notes or tags",
      }),
    )
    .input(ZUpdateCustomerInput)
    .output(ZCustomerDetail)
    .mutation(({ ctx, input }) => changingCustomers(ctx, updateCustomerRecord(ctx.db, ctx.user, input))),

  erase: permissionProcedure('customers.edit')
    .meta(
      rest({
        method: 'POST',
        path: '/admin/customers/{id}/erase',
        tags,
        errors: { 404: 'No such customer (or already erased)' },
        summary:
          'Erase a customer: future appointments cancelled, chats and waitlist deleted, orders kept without the person (no body)',
      }),
    )
    .input(ZCustomerIdInput)
    .output(ZErased)
    .mutation(async ({ ctx, input }) =>
      changingCustomers(ctx, eraseCustomer(ctx.db, ctx.user, input.id, await bookingEnv(ctx))),
    ),
});
