import { z } from 'zod';
import { permissionProcedure, rest, router } from '../server/api/trpc';
import { destinationPolicy } from '../server/webhooks/destination';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  listWebhookEventTypes,
  retryWebhookDelivery,
  sendTestEvent,
  updateWebhookEndpoint,
} from '../server/webhooks/endpoint-service';
import { ZDeleted, ZIdInput } from '../shared/catalog-schema';
import {
  ZCreatedWebhookEndpoint,
  ZCreateWebhookInput,
  ZUpdateWebhookInput,
  ZWebhookDelivery,
  ZWebhookEndpoint,
  ZWebhookEventType,
} from '../shared/webhook-schema';

const tags = ['webhooks'];
const endpointErrors = { 404: 'No such endpoint' };
const sendErrors = { ...endpointErrors, 409: 'The endpoint is disabled' };

/** Webhook endpoints and their delivery log (docs/integrations.md). */
export const webhooksRouter = router({
  eventTypes: permissionProcedure('webhooks.view')
    .meta(
      rest({ method: 'GET', path: '/admin/webhooks/event-types', tags, summary: 'The events an endpoint can receive' }),
    )
    .input(z.void())
    .output(z.array(ZWebhookEventType))
    .query(() => listWebhookEventTypes()),

  list: permissionProcedure('webhooks.view')
    .meta(rest({ method: 'GET', path: '/admin/webhooks', tags, summary: 'Webhook endpoints, newest first' }))
    .input(z.void())
    .output(z.array(ZWebhookEndpoint))
    .query(({ ctx }) => listWebhookEndpoints(ctx.db)),

  create: permissionProcedure('webhooks.manage')
    .meta(
      rest({
        method: 'POST',
        path: '/admin/webhooks',
        tags,
        summary: 'Register an endpoint; the answer carries its signing secret, shown only here',
        answerHoldsSecret: true,
      }),
    )
    .input(ZCreateWebhookInput)
    .output(ZCreatedWebhookEndpoint)
    .mutation(({ ctx, input }) => createWebhookEndpoint(ctx.db, ctx.user, input, destinationPolicy(ctx.env))),

  update: permissionProcedure('webhooks.manage')
    .meta(
      rest({
        method: 'PUT',
        path: '/admin/webhooks/{id}',
        tags,
        summary: 'Change an endpoint (fields left out keep their value)',
        errors: endpointErrors,
      }),
    )
    .input(ZUpdateWebhookInput)
    .output(ZWebhookEndpoint)
    .mutation(({ ctx, input }) => updateWebhookEndpoint(ctx.db, ctx.user, input, destinationPolicy(ctx.env))),

  delete: permissionProcedure('webhooks.manage')
    .meta(
      rest({
        method: 'DELETE',
        path: '/admin/webhooks/{id}',
        tags,
        summary: 'Delete an endpoint and its delivery log',
        errors: endpointErrors,
      }),
    )
    .input(ZIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteWebhookEndpoint(ctx.db, ctx.user, input.id)),

  test: permissionProcedure('webhooks.manage')
    .meta(
      rest({
        method: 'POST',
        path: '/admin/webhooks/{id}/test',
        tags,
        summary: 'Send a ping event to the endpoint; answers its delivery',
        errors: sendErrors,
      }),
    )
    .input(ZIdInput)
    .output(ZWebhookDelivery)
    .mutation(({ ctx, input }) => sendTestEvent(ctx.db, input.id)),

  deliveries: permissionProcedure('webhooks.view')
    .meta(
      rest({
        method: 'GET',
        path: '/admin/webhooks/{id}/deliveries',
        tags,
        summary: "The endpoint's deliveries, newest first (the latest 100)",
        errors: endpointErrors,
      }),
    )
    .input(ZIdInput)
    .output(z.array(ZWebhookDelivery))
    .query(({ ctx, input }) => listWebhookDeliveries(ctx.db, input.id)),

  retry: permissionProcedure('webhooks.manage')
    .meta(
      rest({
        method: 'POST',
        path: '/admin/webhooks/deliveries/{id}/retry',
        tags,
        summary: 'Redeliver: queue a fresh attempt now',
        errors: { ...sendErrors, 404: 'No such delivery' },
      }),
    )
    .input(ZIdInput)
    .output(ZWebhookDelivery)
    .mutation(({ ctx, input }) => retryWebhookDelivery(ctx.db, input.id)),
});
