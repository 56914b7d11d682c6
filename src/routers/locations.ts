import { z } from 'zod';
import {
  createLocation,
  createResource,
  deleteLocation,
  deleteResource,
  listLocations,
  listResources,
  updateLocation,
  updateResource,
} from '../server/locations/locations-service';
import { permissionProcedure, publicProcedure, rest, router } from '../server/api/trpc';
import { ZDeleted } from '../shared/catalog-schema';
import {
  ZCreateLocationInput,
  ZCreateResourceInput,
  ZLocation,
  ZLocationIdInput,
  ZResource,
  ZUpdateLocationInput,
  ZUpdateResourceInput,
} from '../shared/location-schema';
import { isStaffRole } from '../shared/roles';

const tags = ['locations'];

/** Locations (settings.edit) and the resources bookings hold (services.edit): docs/locations.md. */
export const locationsRouter = router({
  list: publicProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/locations',
        tags,
        summary: 'Where services are given, the first first (inactive ones too for staff)',
      }),
    )
    .input(z.void())
    .output(z.array(ZLocation))
    .query(async ({ ctx }) =>
      listLocations(ctx.db, await ctx.settings.get(), { includeInactive: !!ctx.user && isStaffRole(ctx.user.role) }),
    ),

  create: permissionProcedure('settings.edit')
    .meta(rest({ method: 'POST', path: '/admin/locations', tags, summary: 'Add a location' }))
    .input(ZCreateLocationInput)
    .output(ZLocation)
    .mutation(async ({ ctx, input }) => createLocation(ctx.db, ctx.user, await ctx.settings.get(), input)),

  update: permissionProcedure('settings.edit')
    .meta(
      rest({
        method: 'PUT',
        path: '/admin/locations/{id}',
        tags,
        errors: { 404: 'No such location' },
        summary: 'Change a location (fields left out keep their value)',
      }),
    )
    .input(ZUpdateLocationInput)
    .output(ZLocation)
    .mutation(async ({ ctx, input }) => updateLocation(ctx.db, ctx.user, await ctx.settings.get(), input)),

  remove: permissionProcedure('settings.edit')
    .meta(
      rest({
        method: 'DELETE',
        path: '/admin/locations/{id}',
        tags,
        errors: { 404: 'No such location', 409: 'The only location, or one with upcoming appointments' },
        summary: 'Delete a location (its hours and resources go with it; past appointments move to the first)',
      }),
    )
    .input(ZLocationIdInput)
    .output(ZDeleted)
    .mutation(async ({ ctx, input }) =>
      deleteLocation(ctx.db, ctx.user, await ctx.settings.get(), input.id, new Date()),
    ),

  resources: permissionProcedure('services.edit')
    .meta(rest({ method: 'GET', path: '/admin/resources', tags, summary: 'Every resource, by location' }))
    .input(z.void())
    .output(z.array(ZResource))
    .query(({ ctx }) => listResources(ctx.db)),

  createResource: permissionProcedure('services.edit')
    .meta(rest({ method: 'POST', path: '/admin/resources', tags, summary: 'Add a resource (quantity 1-50)' }))
    .input(ZCreateResourceInput)
    .output(ZResource)
    .mutation(({ ctx, input }) => createResource(ctx.db, ctx.user, input)),

  updateResource: permissionProcedure('services.edit')
    .meta(
      rest({
        method: 'PUT',
        path: '/admin/resources/{id}',
        tags,
        errors: { 404: 'No such resource' },
        summary: 'Change a resource (fields left out keep their value)',
      }),
    )
    .input(ZUpdateResourceInput)
    .output(ZResource)
    .mutation(({ ctx, input }) => updateResource(ctx.db, ctx.user, input)),

  removeResource: permissionProcedure('services.edit')
    .meta(
      rest({
        method: 'DELETE',
        path: '/admin/resources/{id}',
        tags,
        errors: { 404: 'No such resource' },
        summary: 'Delete a resource (services stop needing it)',
      }),
    )
    .input(ZLocationIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteResource(ctx.db, ctx.user, input.id)),
});
