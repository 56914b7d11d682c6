import { z } from 'zod';
import { pageItems } from '../server/api/next-link';
import { permissionProcedure, rest, router } from '../server/api/trpc';
import { listEvents, replayEvents } from '../server/webhooks/event-log';
import { ZEventListQuery, ZReplayInput, ZReplayResult, ZWebhookEventBody } from '../shared/webhook-schema';

const tags = ['webhooks'];

/** Every event of the last 30 days, and replaying them to an endpoint (docs/integrations.md, Events). */
export const eventsRouter = router({
  list: permissionProcedure('webhooks.view')
    .meta(
      rest({
        method: 'GET',
        path: '/events',
        tags,
        summary:
          'The events of the last 30 days, newest first, each as delivered (`type`: one kind); a page of `limit`, `cursor` from the Link header; with `updatedSince`, one page walked oldest first',
      }),
    )
    .input(ZEventListQuery.optional())
    .output(z.array(ZWebhookEventBody))
    .query(async ({ ctx, input }) => pageItems(ctx, await listEvents(ctx.db, input))),

  replay: permissionProcedure('webhooks.manage')
    .meta(
      rest({
        method: 'POST',
        path: '/admin/webhooks/{id}/replay',
        tags,
        summary:
          'Queue every event since `since` (of `types`, or those the endpoint subscribes to) for the endpoint again, also those written while it was paused',
        errors: { 404: 'No such endpoint' },
      }),
    )
    .input(ZReplayInput)
    .output(ZReplayResult)
    .mutation(({ ctx, input }) => replayEvents(ctx.db, input)),
});
