import { z } from 'zod';
import { access } from '../server/access';
import { authedProcedure, rest, router } from '../server/trpc';
import { ZUser } from '../shared/user';

export const authRouter = router({
  user: authedProcedure
    .meta(rest(access.signedIn, { method: 'GET', path: '/auth/user', tags: ['auth'], summary: 'The signed-in user (401 when signed out)' }))
    .input(z.void())
    .output(ZUser)
    .query(({ ctx }) => ctx.user),
});
