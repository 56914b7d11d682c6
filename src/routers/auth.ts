import { z } from 'zod';
import { personProcedure, publicProcedure, rest, router } from '../server/api/trpc';
import { ZSession, ZUser, ZUserLocaleInput } from '../shared/user';
import { setUserLocale } from '../server/auth/user-locale';
import { eraseMyAccount, exportMyData } from '../server/customers/data-rights';
import { bookingEnv } from '../server/api/booking-env';
import { clearSessionCookie } from '../server/http/session-cookie';
import { ZDeleteAccountInput, ZErased, ZMyData } from '../shared/data-rights-schema';
import { changingCustomers } from '../server/staff/figures-cache';

export const authRouter = router({
  user: personProcedure()
    .meta(
      rest({
        method: 'GET',
        path: '/auth/user',
        tags: ['auth'],
        summary: 'The signed-in user (401 when signed out)',
      }),
    )
    // No input declared, not even z.void(): each declared input is one more tRPC middleware on every call of
    // the hottest signed-in read.
    .output(ZUser)
    .query(({ ctx }) => ctx.user),
  setLocale: personProcedure()
    .meta(
      rest({
        method: 'PUT',
        path: '/auth/user/locale',
        tags: ['auth'],
        summary: "Choose the signed-in person's language (null: follow the browser, then the business default)",
      }),
    )
    .input(ZUserLocaleInput)
    .output(ZUser)
    .mutation(({ ctx, input }) => setUserLocale(ctx.db, ctx.user, input.locale)),
  exportData: personProcedure()
    .meta(
      rest({
        method: 'GET',
        path: '/auth/user/export',
        tags: ['auth'],
        summary:
          'Everything the business holds on the signed-in person, as JSON: profile, appointments and their answers, orders, chats, waitlist',
      }),
    )
    .input(z.void())
    .output(ZMyData)
    .query(({ ctx }) => exportMyData(ctx.db, ctx.user.id)),
  // DELETE /api/auth/user with its body is a plain route (src/server/http/data-rights-http.ts): the REST adapter
  // reads no body on DELETE. This is the same erasure for the profile page.
  deleteAccount: personProcedure()
    .input(ZDeleteAccountInput)
    .output(ZErased)
    .mutation(async ({ ctx }) => {
      const erased = await changingCustomers(ctx, eraseMyAccount(ctx.db, ctx.user, await bookingEnv(ctx)));
      clearSessionCookie(ctx);
      return erased;
    }),
  // The client's own sign-in check (tRPC only): a visitor is an answer, not an error, so a signed-out page
  // load makes no failing request (browsers log every 4xx response as a console error).
  session: publicProcedure
    .input(z.void())
    .output(ZSession)
    .query(({ ctx }) => ({ user: ctx.user ?? null })),
});
