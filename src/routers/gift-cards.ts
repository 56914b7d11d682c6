import { z } from 'zod';
import type { Context } from '../server/api/context';
import { permissionProcedure, personProcedure, publicProcedure, rest, router } from '../server/api/trpc';
import { limits } from '../server/auth/rate-limit';
import { rateLimited } from '../server/http/rate-limit-middleware';
import { buyGiftCard } from '../server/gift-cards/gift-card-purchase';
import {
  getGiftCard,
  giftCardBalance,
  issueGiftCard,
  listGiftCards,
  voidGiftCard,
} from '../server/gift-cards/gift-card-service';
import type { OrderDeps } from '../server/orders/order-service';
import {
  ZBuyGiftCardInput,
  ZGiftCard,
  ZGiftCardBalance,
  ZGiftCardCodeInput,
  ZGiftCardDetail,
  ZGiftCardIdInput,
  ZGiftCardPurchase,
  ZIssueGiftCardInput,
} from '../shared/gift-card-schema';

const tags = ['gift-cards'];

const deps = async (ctx: Context): Promise<OrderDeps> => {
  const { currency, defaultLocale } = await ctx.settings.get();
  return { payments: ctx.payments, publicUrl: ctx.env.publicUrl, currency, defaultLocale };
};

/** Gift cards (docs/gift-cards.md): bought in the shop or issued by staff, spent in the cart. */
export const giftCardsRouter = router({
  list: permissionProcedure('orders.view')
    .meta(rest({ method: 'GET', path: '/admin/gift-cards', tags, summary: 'Every gift card, newest first' }))
    .input(z.void())
    .output(z.array(ZGiftCard))
    .query(({ ctx }) => listGiftCards(ctx.db)),

  get: permissionProcedure('orders.view')
    .meta(
      rest({
        method: 'GET',
        path: '/admin/gift-cards/{id}',
        tags,
        summary: 'A gift card with its ledger: issued, spent, refunded and voided, each tied to its order',
        errors: { 404: 'No such gift card' },
      }),
    )
    .input(ZGiftCardIdInput)
    .output(ZGiftCardDetail)
    .query(({ ctx, input }) => getGiftCard(ctx.db, input.id)),

  issue: permissionProcedure('orders.manage')
    .meta(
      rest({
        method: 'POST',
        path: '/admin/gift-cards',
        tags,
        summary: 'Issue a gift card; the recipient, when given, is e-mailed its code',
      }),
    )
    .input(ZIssueGiftCardInput)
    .output(ZGiftCardDetail)
    .mutation(async ({ ctx, input }) => issueGiftCard(ctx.db, await deps(ctx), ctx.user, input)),

  void: permissionProcedure('orders.manage')
    .meta(
      rest({
        method: 'DELETE',
        path: '/admin/gift-cards/{id}',
        tags,
        summary: 'Void a gift card: its balance is taken off (a "voided" ledger line) and it can no longer be spent',
        errors: { 404: 'No such gift card', 409: 'The card is already void' },
      }),
    )
    .input(ZGiftCardIdInput)
    .output(ZGiftCardDetail)
    .mutation(({ ctx, input }) => voidGiftCard(ctx.db, ctx.user, input.id)),

  buy: personProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/gift-cards',
        tags,
        summary:
          'Buy a gift card (5.00 to 500.00) for a recipient: an order of one line; the card is made and e-mailed once the order is paid',
      }),
    )
    .input(ZBuyGiftCardInput)
    .output(ZGiftCardPurchase)
    .mutation(async ({ ctx, input }) => buyGiftCard(ctx.db, await deps(ctx), ctx.user, input)),

  balance: publicProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/gift-cards/{code}',
        tags,
        summary: "A gift card's balance, by its code (rate limited per address against guessing)",
        errors: {
          404: 'No such gift card, or it is void',
          429: 'Too many look-ups from this address; see Retry-After',
        },
      }),
    )
    .use(rateLimited({ rule: limits.giftCardLookupPerIp, by: 'ip' }))
    .input(ZGiftCardCodeInput)
    .output(ZGiftCardBalance)
    .query(({ ctx, input }) => giftCardBalance(ctx.db, input.code)),
});
