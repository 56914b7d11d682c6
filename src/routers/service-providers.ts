import { z } from 'zod';
import { access } from '../server/access';
import {
  addProvider,
  listProviderCandidates,
  listProviders,
  listProvidersForService,
  removeProvider,
} from '../server/catalog/provider-service';
import { authedProcedure, procedure, rest, router } from '../server/trpc';
import {
  ZProviderCandidate,
  ZServiceIdInput,
  ZServiceProvider,
  ZServiceProviderInput,
  ZServiceProviderKey,
} from '../shared/catalog-schema';

const tags = ['service-providers'];
const ZRemoved = z.object({ success: z.literal(true), serviceId: z.string(), employeeId: z.string() });

export const serviceProvidersRouter = router({
  list: procedure
    .meta(
      rest(access.signedIn, {
        method: 'GET',
        path: '/service-providers',
        tags,
        summary: 'Every service-provider link (active staff only)',
      }),
    )
    .input(z.void())
    .output(z.array(ZServiceProvider))
    .query(({ ctx }) => listProviders(ctx.db, ctx.user)),

  employees: procedure
    .meta(
      rest(access.staff, {
        method: 'GET',
        path: '/service-providers/employees',
        tags,
        summary: 'Users who may be linked as providers (active employees and admins)',
      }),
    )
    .input(z.void())
    .output(z.array(ZProviderCandidate))
    .query(({ ctx }) => listProviderCandidates(ctx.db)),

  forService: procedure
    .meta(
      rest(access.signedIn, {
        method: 'GET',
        path: '/service-providers/service/{serviceId}',
        tags,
        summary: "One service's providers (empty: every employee may perform it)",
      }),
    )
    .input(ZServiceIdInput)
    .output(z.array(ZServiceProvider))
    .query(({ ctx, input }) => listProvidersForService(ctx.db, ctx.user, input.serviceId)),

  create: authedProcedure
    .meta(
      rest(access.permission('services.edit'), {
        method: 'POST',
        path: '/service-providers',
        tags,
        summary: 'Let an employee perform a service',
      }),
    )
    .input(ZServiceProviderInput)
    .output(ZServiceProvider)
    .mutation(({ ctx, input }) => addProvider(ctx.db, input)),

  delete: authedProcedure
    .meta(
      rest(access.permission('services.edit'), {
        method: 'DELETE',
        path: '/service-providers/{employeeId}/{serviceId}',
        tags,
        summary: 'Stop an employee performing a service',
      }),
    )
    .input(ZServiceProviderKey)
    .output(ZRemoved)
    .mutation(({ ctx, input }) => removeProvider(ctx.db, input)),
});
