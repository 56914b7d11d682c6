import { z } from 'zod';
import { publicProcedure, rest, router, signedInProcedure } from '../server/api/trpc';
import { ZSession, ZUser } from '../shared/user';

export const authRouter = router({
  user: signedInProcedure
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
  // The client's own sign-in check (tRPC only): a visitor is an answer, not an error, so a signed-out page
  // load makes no failing request (browsers log every 4xx response as a console error).
  session: publicProcedure
    .input(z.void())
    .output(ZSession)
    .query(({ ctx }) => ({ user: ctx.user ?? null })),
});
