import type { Page } from '../paging/page';
import type { Context } from './context';

/**
 * A page answered as the list's bare items, the body every list has always had. Over REST, that more follow is
 * said by `Link: <…>; rel="next"` (RFC 8288): the same address and parameters with the next page's cursor.
 */
export function pageItems<T>(ctx: Pick<Context, 'transport' | 'req' | 'reply'>, page: Page<T>): T[] {
  return pageBody(ctx, page).items;
}

/** A paged body answered whole (it names its `nextCursor` itself); over REST with the same Link header. */
export function pageBody<P extends { nextCursor: string | null }>(
  ctx: Pick<Context, 'transport' | 'req' | 'reply'>,
  page: P,
): P {
  if (page.nextCursor && ctx.transport === 'rest' && ctx.req && ctx.reply)
    ctx.reply.header('link', nextLink(ctx.req.url, page.nextCursor));
  return page;
}

/** The root-relative address of the next page: the request's own, its cursor replaced. */
function nextLink(url: string, cursor: string): string {
  const next = new URL(url, 'http://localhost');
  next.searchParams.set('cursor', cursor);
  return `<${next.pathname}${next.search}>; rel="next"`;
}
