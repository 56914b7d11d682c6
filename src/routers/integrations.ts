import { z } from 'zod';
import { adminProcedure, rest, router } from '../server/api/trpc';
import { createApiKey, listApiKeys, revokeApiKey } from '../server/integrations/api-keys';
import { ZDeleted, ZIdInput } from '../shared/catalog-schema';
import { ZApiKey, ZCreateApiKeyInput, ZCreatedApiKey } from '../shared/integrations-schema';

const tags = ['integrations'];

const apiKeysRouter = router({
  list: adminProcedure
    .meta(rest({ method: 'GET', path: '/admin/api-keys', tags, summary: 'API keys not revoked, newest first' }))
    .input(z.void())
    .output(z.array(ZApiKey))
    .query(({ ctx }) => listApiKeys(ctx.db)),

  create: adminProcedure
    .meta(
      rest({
        method: 'POST',
        path: '/admin/api-keys',
        tags,
        summary: 'Create an API key with permissions the admin holds; the answer is the only one carrying the key',
        errors: { 403: 'Not an admin, a cross-site request, or a permission the admin does not hold' },
        answerHoldsSecret: true,
      }),
    )
    .input(ZCreateApiKeyInput)
    .output(ZCreatedApiKey)
    .mutation(({ ctx, input }) => createApiKey(ctx.db, ctx.user, input)),

  revoke: adminProcedure
    .meta(
      rest({
        method: 'DELETE',
        path: '/admin/api-keys/{id}',
        tags,
        summary: 'Revoke an API key at once',
        errors: { 404: 'No such API key, or it is revoked already' },
      }),
    )
    .input(ZIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => revokeApiKey(ctx.db, ctx.user, input.id)),
});

/** What programs use to reach the API: API keys (docs/integrations.md). */
export const integrationsRouter = router({ apiKeys: apiKeysRouter });
