import { z } from 'zod';
import { createDiscount, deleteDiscount, listDiscounts, updateDiscount } from '../server/discounts/discount-service';
import { permissionProcedure, rest, router } from '../server/api/trpc';
import { ZDeleted } from '../shared/catalog-schema';
import { ZDiscount, ZDiscountIdInput, ZDiscountInput, ZDiscountUpdateInput } from '../shared/discount-schema';

const tags = ['discounts'];

/** Discount codes, managed by staff with orders.edit (docs/orders.md, "Discounts"). */
export const discountsRouter = router({
  list: permissionProcedure('orders.edit')
    .meta(rest({ method: 'GET', path: '/admin/discounts', tags, summary: 'Every discount code, with times used' }))
    .input(z.void())
    .output(z.array(ZDiscount))
    .query(({ ctx }) => listDiscounts(ctx.db)),

  create: permissionProcedure('orders.edit')
    .meta(
      rest({
        method: 'POST',
        path: '/admin/discounts',
        tags,
        summary: 'Create a discount code; codes are case-insensitive, stored upper-case and unique (409)',
        errors: { 409: 'A code with that name exists already' },
      }),
    )
    .input(ZDiscountInput)
    .output(ZDiscount)
    .mutation(({ ctx, input }) => createDiscount(ctx.db, ctx.user, input)),

  update: permissionProcedure('orders.edit')
    .meta(
      rest({
        method: 'PUT',
        path: '/admin/discounts/{id}',
        tags,
        summary: "Change the discount code's settings the body names; the others and its count of uses stay",
        errors: {
          404: 'No such discount code',
          409: 'Another code has that name, or the usage limit is below the uses counted',
        },
      }),
    )
    .input(ZDiscountUpdateInput)
    .output(ZDiscount)
    .mutation(({ ctx, input }) => updateDiscount(ctx.db, ctx.user, input)),

  remove: permissionProcedure('orders.edit')
    .meta(
      rest({
        method: 'DELETE',
        path: '/admin/discounts/{id}',
        tags,
        summary: 'Delete a discount code; orders that used it keep its name and discount',
        errors: { 404: 'No such discount code' },
      }),
    )
    .input(ZDiscountIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteDiscount(ctx.db, ctx.user, input.id)),
});
