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
      }),
    )
    .input(ZCreateApiKeyInput)
    .output(ZCreatedApiKey)
    .mutation(({ ctx, input }) => createApiKey(ctx.db, ctx.user, input)),

  revoke: adminProcedure
    .meta(rest({ method: 'DELETE', path: '/admin/api-keys/{id}', tags, summary: 'Revoke an API key at once' }))
    .input(ZIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => revokeApiKey(ctx.db, ctx.user, input.id)),
});

/** What programs use to reach the API: API keys (docs/integrations.md). */
export const integrationsRouter = router({ apiKeys: apiKeysRouter });
