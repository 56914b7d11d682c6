import { pageItems } from '../server/api/next-link';
import { ZPageQuery } from '../shared/page-schema';
import { z } from 'zod';
import {
  createService,
  deleteService,
  getService,
  listFeaturedServices,
  listServices,
  updateService,
} from '../server/catalog/services-service';
import { permissionProcedure, publicProcedure, rest, router } from '../server/api/trpc';
import { ZCreateServiceInput, ZDeleted, ZIdInput, ZService, ZUpdateServiceInput } from '../shared/catalog-schema';

const tags = ['services'];

// Order matters: the REST adapter matches paths in this order, so /services/featured precedes /services/{id}.
// GET /api/services and /api/services/featured are answered from the serialized cache by
// src/server/http/catalog-http.ts (ETag, gzip/brotli); these procedures serve /api/trpc and the OpenAPI document.
export const servicesRouter = router({
  list: publicProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/services',
        tags,
        summary:
          'Services: active ones, or all for staff; with `limit`, `cursor` or `updatedSince`, one page walked by updatedAt',
      }),
    )
    .input(ZPageQuery.optional())
    .output(z.array(ZService))
    .query(async ({ ctx, input }) => pageItems(ctx, await listServices(ctx.catalog, ctx.user, input))),

  featured: publicProcedure
    .meta(rest({ method: 'GET', path: '/services/featured', tags, summary: 'Active featured services' }))
    .input(z.void())
    .output(z.array(ZService))
    .query(({ ctx }) => listFeaturedServices(ctx.catalog)),

  get: publicProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/services/{id}',
        tags,
        errors: { 404: 'No such service (inactive ones only for staff)' },
        summary: 'One service (404 when inactive, unless staff)',
      }),
    )
    .input(ZIdInput)
    .output(ZService)
    .query(({ ctx, input }) => getService(ctx.db, ctx.user, input.id)),

  create: permissionProcedure('services.create')
    .meta(
      rest({
        method: 'POST',
        path: '/services',
        tags,
        summary: 'Create a service (employeeIds: who may perform it)',
      }),
    )
    .input(ZCreateServiceInput)
    .output(ZService)
    .mutation(({ ctx, input }) => createService(ctx.db, ctx.user, input)),

  update: permissionProcedure('services.edit')
    .meta(
      rest({
        method: 'PUT',
        path: '/services/{id}',
        tags,
        errors: { 404: 'No such service' },
        summary: 'Update a service (fields left out keep their value; employeeIds replaces the providers)',
      }),
    )
    .input(ZUpdateServiceInput)
    .output(ZService)
    .mutation(({ ctx, input }) => updateService(ctx.db, ctx.user, input)),

  delete: permissionProcedure('services.delete')
    .meta(
      rest({
        method: 'DELETE',
        path: '/services/{id}',
        tags,
        errors: { 404: 'No such service' },
        summary: 'Delete a service (appointments keep their history)',
      }),
    )
    .input(ZIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteService(ctx.db, ctx.user, input.id)),
});
