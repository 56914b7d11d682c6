import { access } from '../server/access';
import { updateSettings } from '../server/settings/settings-service';
import { procedure, rest, router } from '../server/trpc';
import { ZBusinessSettings, ZUpdateBusinessSettingsInput } from '../shared/settings-schema';
import { z } from 'zod';

export const settingsRouter = router({
  get: procedure
    .meta(
      rest(access.public, {
        method: 'GET',
        path: '/business/settings',
        tags: ['settings'],
        summary: 'Business settings',
      }),
    )
    .input(z.void())
    .output(ZBusinessSettings)
    .query(({ ctx }) => ctx.settings.get()),

  update: procedure
    .meta(
      rest(access.admin, {
        method: 'PUT',
        path: '/business/settings',
        tags: ['settings'],
        summary: 'Update business settings',
      }),
    )
    .input(ZUpdateBusinessSettingsInput)
    .output(ZBusinessSettings)
    .mutation(({ ctx, input }) => updateSettings(ctx.db, ctx.settings, input)),
});
