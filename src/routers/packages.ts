import { z } from 'zod';
import type { Context } from '../server/api/context';
import { permissionProcedure, personProcedure, publicProcedure, rest, router } from '../server/api/trpc';
import type { OrderDeps } from '../server/orders/order-service';
import { listCredits } from '../server/packages/package-credits';
import {
  createPackage,
  deletePackage,
  listPackages,
  purchasePackage,
  updatePackage,
} from '../server/packages/package-service';
import { ZDeleted } from '../shared/catalog-schema';
import {
  ZPackage,
  ZPackageCredit,
  ZPackageIdInput,
  ZPackageInput,
  ZPackagePurchase,
  ZPackageUpdateInput,
} from '../shared/package-schema';

const tags = ['packages'];

const deps = async (ctx: Context): Promise<OrderDeps> => {
  const { currency, defaultLocale } = await ctx.settings.get();
  return { payments: ctx.payments, publicUrl: ctx.env.publicUrl, currency, defaultLocale };
};

/** Packs of sessions sold ahead, and the credits customers hold (docs/packages.md). */
export const packagesRouter = router({
  list: publicProcedure
    .meta(rest({ method: 'GET', path: '/packages', tags, summary: 'The packages on sale, cheapest first' }))
    .input(z.void())
    .output(z.array(ZPackage))
    .query(({ ctx }) => listPackages(ctx.db, { includeInactive: false })),

  adminList: permissionProcedure('services.edit')
    .meta(rest({ method: 'GET', path: '/admin/packages', tags, summary: 'Every package, on sale or not' }))
    .input(z.void())
    .output(z.array(ZPackage))
    .query(({ ctx }) => listPackages(ctx.db, { includeInactive: true })),

  create: permissionProcedure('services.edit')
    .meta(
      rest({
        method: 'POST',
        path: '/admin/packages',
        tags,
        summary: 'Create a package: the services it covers, 2 to 50 sessions, its price and the days it stays valid',
        errors: { 400: 'A service the package names does not exist' },
      }),
    )
    .input(ZPackageInput)
    .output(ZPackage)
    .mutation(({ ctx, input }) => createPackage(ctx.db, ctx.user, input)),

  update: permissionProcedure('services.edit')
    .meta(
      rest({
        method: 'PUT',
        path: '/admin/packages/{id}',
        tags,
        summary: 'Change what the body names; credits already bought keep what they were sold with',
        errors: { 400: 'A service the package names does not exist', 404: 'No such package' },
      }),
    )
    .input(ZPackageUpdateInput)
    .output(ZPackage)
    .mutation(({ ctx, input }) => updatePackage(ctx.db, ctx.user, input)),

  remove: permissionProcedure('services.edit')
    .meta(
      rest({
        method: 'DELETE',
        path: '/admin/packages/{id}',
        tags,
        summary: 'Take a package off sale for good; credits bought with it stay usable',
        errors: { 404: 'No such package' },
      }),
    )
    .input(ZPackageIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deletePackage(ctx.db, ctx.user, input.id)),

  purchase: personProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/packages/{id}/purchase',
        tags,
        summary: 'Buy a package: an order of one line; the credit exists once that order is paid',
        description:
          'With card payments configured the answer carries `paymentUrl`, the page to pay on; otherwise the order is paid at the business and staff mark it paid. The credit (GET /api/auth/user/credits) is written when the payment settles, and `package.purchased` is sent.',
        errors: { 404: 'No such package on sale' },
      }),
    )
    .input(ZPackageIdInput)
    .output(ZPackagePurchase)
    .mutation(async ({ ctx, input }) => purchasePackage(ctx.db, await deps(ctx), ctx.user, input.id)),

  credits: personProcedure()
    .meta(
      rest({
        method: 'GET',
        path: '/auth/user/credits',
        tags,
        summary: 'Your package credits: usable ones first (soonest to expire), then spent or expired ones',
      }),
    )
    .input(z.void())
    .output(z.array(ZPackageCredit))
    .query(({ ctx }) => listCredits(ctx.db, ctx.user)),
});
