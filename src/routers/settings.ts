import { updateSettings } from '../server/settings/settings-service';
import { adminProcedure, publicProcedure, rest, router } from '../server/api/trpc';
import { ZBusinessSettings, ZUpdateBusinessSettingsInput } from '../shared/settings-schema';
import { z } from 'zod';

export const settingsRouter = router({
  get: publicProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/business/settings',
        tags: ['settings'],
        summary: 'Business settings',
      }),
    )
    .input(z.void())
    .output(ZBusinessSettings)
    .query(({ ctx }) => ctx.settings.get()),

  update: adminProcedure
    .meta(
      rest({
        method: 'PUT',
        path: '/business/settings',
        tags: ['settings'],
        summary: 'Update business settings',
        errors: { 409: 'The currency cannot change once orders have been placed' },
      }),
    )
    .input(ZUpdateBusinessSettingsInput)
    .output(ZBusinessSettings)
    .mutation(({ ctx, input }) => updateSettings(ctx.db, ctx.settings, ctx.user, input)),
});
