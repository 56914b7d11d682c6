import { z } from 'zod';
import { zInstantInput } from './wire-formats';

/** The most items one page of a list an integrator walks may hold (docs/integrations.md, Reconciliation). */
const PAGE_LIMIT_MAX = 500;

/**
 * The paging parameters of every list an integrator walks. Without any of them a list answers as it always has
 * (the screens rely on that); with one, it answers one page and, when more follow, a `Link: <…>; rel="next"`.
 */
export const pageQueryFields = {
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PAGE_LIMIT_MAX, 'limit must be at most 500')
    .optional()
    .describe(`How many items a page holds, 1-${PAGE_LIMIT_MAX}`),
  cursor: z
    .string({ error: 'cursor must be text' })
    .max(500, 'This cursor is not one this list gave; start again without it.')
    .optional()
    .describe('The next page: as the previous page\'s `Link: <…>; rel="next"` (or `nextCursor`) gave it'),
  updatedSince: zInstantInput('updatedSince must be an instant such as 2026-05-01T09:00:00Z')
    .optional()
    .describe('Only items changed at or after this instant, ordered by updatedAt, then id (ascending)'),
};

export const ZPageQuery = z.object(pageQueryFields);
export type PageQuery = z.infer<typeof ZPageQuery>;
