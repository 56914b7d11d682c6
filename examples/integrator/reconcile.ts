import type { paths } from '../../openapi/storefront-api';
import { orFail, type StorefrontClient } from './storefront';
import type { StorefrontEvent } from './webhooks';

type Order = paths['/orders']['get']['responses'][200]['content']['application/json'][number];
type OrderQuery = NonNullable<paths['/orders']['get']['parameters']['query']>;

/** The query of the next page as `Link: <…>; rel="next"` gives it (RFC 8288), or null on the last page. */
export function nextPageQuery(link: string | null): OrderQuery | null {
  const target = /<([^>]+)>\s*;\s*rel="next"/.exec(link ?? '')?.[1];
  if (!target) return null;
  return Object.fromEntries(new URL(target, 'http://link.invalid').searchParams) as OrderQuery;
}

/**
 * A local copy of the shop's orders kept in step, as docs/integrations.md (Reconciliation) describes: walk the
 * orders changed since where the last walk ended, page by page following the Link header, then follow webhooks.
 * Webhooks may arrive in any order and a walk may meet an order a webhook already brought: whichever snapshot has
 * the later `updatedAt` wins.
 */
export class OrderMirror {
  readonly orders = new Map<string, Order>();

  /**
   * `since`: where the first walk starts (an ISO instant). Each walk then starts at the `updatedAt` of the last order
   * the previous one saw: the server never walks past a change still being written, so nothing falls in between.
   */
  constructor(public since: string) {}

  /** Keeps `order` unless the snapshot held is as new or newer; says whether it was kept. */
  apply(order: Order): boolean {
    const held = this.orders.get(order.id);
    // updatedAt is an ISO instant in UTC to the microsecond: as text, later is greater.
    if (held && held.updatedAt >= order.updatedAt) return false;
    this.orders.set(order.id, order);
    return true;
  }

  /** One walk, `limit` orders a page; answers how many orders it saw. Needs `orders.view`. */
  async walk(client: StorefrontClient, limit = 500): Promise<number> {
    let seen = 0;
    let last = this.since;
    for (let query: OrderQuery | null = { updatedSince: this.since, limit }; query;) {
      const result = await client.GET('/orders', { params: { query } });
      for (const order of orFail(result)) {
        this.apply(order);
        last = order.updatedAt;
        seen += 1;
      }
      query = nextPageQuery(result.response.headers.get('link'));
    }
    this.since = last;
    return seen;
  }

  /** What a webhook says about an order (pass it to webhookHandler): applied if it is newer than what is held. */
  onEvent(event: StorefrontEvent): void {
    if (event.type === 'order.created' || event.type === 'order.updated') this.apply(event.data);
  }
}
