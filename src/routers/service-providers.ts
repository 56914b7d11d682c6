import { z } from 'zod';
import {
  addProvider,
  listProviderCandidates,
  listProviders,
  listProvidersForService,
  removeProvider,
} from '../server/catalog/provider-service';
import { permissionProcedure, rest, router, signedInProcedure } from '../server/api/trpc';
import {
  ZProviderCandidate,
  ZServiceIdInput,
  ZServiceProvider,
  ZServiceProviderInput,
  ZServiceProviderKey,
} from '../shared/catalog-schema';

const tags = ['service-providers'];
const ZRemoved = z
  .object({ success: z.literal(true), serviceId: z.string(), employeeId: z.string() })
  .meta({ id: 'ServiceProviderRemoved' });

export const serviceProvidersRouter = router({
  list: signedInProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/service-providers',
        tags,
        summary: 'Every service-provider link (active staff only)',
      }),
    )
    .input(z.void())
    .output(z.array(ZServiceProvider))
    .query(({ ctx }) => listProviders(ctx.db, ctx.user)),

  employees: permissionProcedure('appointments.view', 'services.view')
    .meta(
      rest({
        method: 'GET',
        path: '/service-providers/employees',
        tags,
        summary: 'Users who may be linked as providers (active staff)',
      }),
    )
    .input(z.void())
    .output(z.array(ZProviderCandidate))
    .query(({ ctx }) => listProviderCandidates(ctx.db)),

  forService: signedInProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/service-providers/service/{serviceId}',
        tags,
        errors: { 404: 'No such service' },
        summary: "One service's providers (empty: every active staff member may perform it)",
      }),
    )
    .input(ZServiceIdInput)
    .output(z.array(ZServiceProvider))
    .query(({ ctx, input }) => listProvidersForService(ctx.db, ctx.user, input.serviceId)),

  create: permissionProcedure('services.edit')
    .meta(
      rest({
        method: 'POST',
        path: '/service-providers',
        tags,
        errors: { 404: 'No such service' },
        summary: 'Let an employee perform a service',
      }),
    )
    .input(ZServiceProviderInput)
    .output(ZServiceProvider)
    .mutation(({ ctx, input }) => addProvider(ctx.db, ctx.user, input)),

  delete: permissionProcedure('services.edit')
    .meta(
      rest({
        method: 'DELETE',
        path: '/service-providers/{employeeId}/{serviceId}',
        tags,
        errors: { 404: 'This employee is not linked to the service' },
        summary: 'Stop an employee performing a service',
      }),
    )
    .input(ZServiceProviderKey)
    .output(ZRemoved)
    .mutation(({ ctx, input }) => removeProvider(ctx.db, ctx.user, input)),
});
