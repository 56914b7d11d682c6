import { z } from 'zod';
import { addToCart, listCart, removeCartItem, updateCartItem } from '../server/cart/cart-service';
import { personProcedure, rest, router } from '../server/api/trpc';
import { ZAddToCartInput, ZCartItem, ZDeleted } from '../shared/catalog-schema';
import { ZCartItemIdInput, ZUpdateCartItemInput } from '../shared/orders-schema';
import { applyCartDiscount, removeCartDiscount, saidIn, showCart } from '../server/discounts/discount-service';
import { requestLocale } from '../server/api/request-locale';
import { ZApplyDiscountInput, ZPricedCart } from '../shared/discount-schema';
import { ZGiftCardCodeInput } from '../shared/gift-card-schema';
import { applyCartGiftCard, removeCartGiftCard } from '../server/gift-cards/gift-card-service';
import { limits } from '../server/auth/rate-limit';
import { rateLimited } from '../server/http/rate-limit-middleware';

const tags = ['cart'];

export const cartRouter = router({
  list: personProcedure()
    .meta(rest({ method: 'GET', path: '/cart', tags, summary: "The signed-in user's cart" }))
    .input(z.void())
    .output(z.array(ZCartItem))
    .query(({ ctx }) => listCart(ctx.db, ctx.user)),

  add: personProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/cart',
        tags,
        errors: {
          404: 'No such product, or it is not for sale',
          409: 'Out of stock, more than the stock, or more than 999 in the line',
        },
        summary: 'Add a product, or raise its quantity (409 beyond stock or beyond 999 in the line)',
      }),
    )
    .input(ZAddToCartInput)
    .output(ZCartItem)
    .mutation(({ ctx, input }) => addToCart(ctx.db, ctx.user, input)),

  update: personProcedure()
    .meta(
      rest({
        method: 'PUT',
        path: '/cart/{id}',
        tags,
        errors: { 404: 'No such line in your cart', 409: 'More than the stock' },
        summary: "Set a cart line's quantity, 1 to the stock (409 beyond stock)",
      }),
    )
    .input(ZUpdateCartItemInput)
    .output(ZCartItem)
    .mutation(({ ctx, input }) => updateCartItem(ctx.db, ctx.user, input)),

  remove: personProcedure()
    .meta(
      rest({
        method: 'DELETE',
        path: '/cart/{id}',
        tags,
        errors: { 404: 'No such line in your cart' },
        summary: 'Remove a line from the cart',
      }),
    )
    .input(ZCartItemIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => removeCartItem(ctx.db, ctx.user, input.id)),

  summary: personProcedure()
    .meta(
      rest({
        method: 'GET',
        path: '/cart/summary',
        tags,
        summary: "The caller's cart priced as it would be charged now: subtotal, discount, shipping, tax, total",
      }),
    )
    .input(z.void())
    .output(ZPricedCart)
    .query(async ({ ctx }) => saidIn(requestLocale(ctx.req), await showCart(ctx.db, ctx.user))),

  applyDiscount: personProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/cart/discount',
        tags,
        summary: 'Apply a discount code to the cart (400 unknown, inactive, expired or below its minimum; 409 used up)',
        errors: { 409: 'The code is used up, or the customer has used it as often as it allows' },
      }),
    )
    .input(ZApplyDiscountInput)
    .output(ZPricedCart)
    .mutation(async ({ ctx, input }) =>
      saidIn(requestLocale(ctx.req), await applyCartDiscount(ctx.db, ctx.user, input)),
    ),

  removeDiscount: personProcedure()
    .meta(rest({ method: 'DELETE', path: '/cart/discount', tags, summary: 'Take the discount code off the cart' }))
    .input(z.void())
    .output(ZPricedCart)
    .mutation(async ({ ctx }) => saidIn(requestLocale(ctx.req), await removeCartDiscount(ctx.db, ctx.user))),

  applyGiftCard: personProcedure()
    .meta(
      rest({
        method: 'POST',
        path: '/cart/gift-card',
        tags,
        summary:
          'Apply a gift card to the cart: it pays min(balance, total) at checkout (400 void, expired or empty; 404 no such code)',
        errors: {
          404: 'No such gift card',
          429: 'Too many codes tried from this address; see Retry-After',
        },
      }),
    )
    .use(rateLimited({ rule: limits.giftCardLookupPerIp, by: 'ip' }))
    .input(ZGiftCardCodeInput)
    .output(ZPricedCart)
    .mutation(async ({ ctx, input }) => {
      await applyCartGiftCard(ctx.db, ctx.user.id, input.code);
      return saidIn(requestLocale(ctx.req), await showCart(ctx.db, ctx.user));
    }),

  removeGiftCard: personProcedure()
    .meta(rest({ method: 'DELETE', path: '/cart/gift-card', tags, summary: 'Take the gift card off the cart' }))
    .input(z.void())
    .output(ZPricedCart)
    .mutation(async ({ ctx }) => {
      await removeCartGiftCard(ctx.db, ctx.user.id);
      return saidIn(requestLocale(ctx.req), await showCart(ctx.db, ctx.user));
    }),
});
