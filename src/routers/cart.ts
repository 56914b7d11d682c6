import { z } from 'zod';
import { access } from '../server/access';
import { addToCart, listCart } from '../server/cart/cart-service';
import { authedProcedure, rest, router } from '../server/trpc';
import { ZAddToCartInput, ZCartItem } from '../shared/catalog-schema';

const tags = ['cart'];

export const cartRouter = router({
  list: authedProcedure
    .meta(rest(access.signedIn, { method: 'GET', path: '/cart', tags, summary: "The signed-in user's cart" }))
    .input(z.void())
    .output(z.array(ZCartItem))
    .query(({ ctx }) => listCart(ctx.db, ctx.user)),

  add: authedProcedure
    .meta(rest(access.signedIn, { method: 'POST', path: '/cart', tags, summary: 'Add a product, or raise its quantity (409 beyond stock)' }))
    .input(ZAddToCartInput)
    .output(ZCartItem)
    .mutation(({ ctx, input }) => addToCart(ctx.db, ctx.user, input)),
});
