import { z } from 'zod';
import { loginEmployee, logout } from '../server/auth/employee-login';
import { inspectSetPasswordToken, setPasswordWithToken } from '../server/auth/password-tokens';
import { limits } from '../server/auth/rate-limit';
import { rateLimited } from '../server/http/rate-limit-middleware';
import { clearSessionCookie, setSessionCookie, signInMetaOf } from '../server/http/session-cookie';
import { publicProcedure, rest, router, staffPersonProcedure } from '../server/api/trpc';
import {
  ZEmployeeLoginInput,
  ZPasswordTokenStatus,
  ZSetPasswordInput,
  ZSignedIn,
  ZSuccess,
} from '../shared/auth-schema';
import { ZUser } from '../shared/user';

const tags = ['employee'];

// Signing in sets the session cookie here, at the transport edge; the services only mint the token.
export const employeeRouter = router({
  login: publicProcedure
    .meta(
      rest({
        method: 'POST',
        path: '/employee/login',
        tags,
        summary: 'Sign in with e-mail and password (employees and admins)',
        errors: {
          401: 'Invalid email or password',
          403: 'Account deactivated, or a cross-site request',
          429: 'Too many attempts',
        },
      }),
    )
    .use(rateLimited({ rule: limits.loginPerIp, by: 'ip' }, { rule: limits.loginPerAccount, by: 'account' }))
    .input(ZEmployeeLoginInput)
    .output(ZSignedIn)
    .mutation(async ({ ctx, input }) => {
      const session = await loginEmployee(ctx.db, input, signInMetaOf(ctx));
      setSessionCookie(ctx, session);
      return { user: session.user };
    }),

  logout: publicProcedure
    .meta(
      rest({
        method: 'POST',
        path: '/employee/logout',
        tags,
        summary: 'Sign out (ends the session; no body)',
      }),
    )
    .input(z.void())
    .output(ZSuccess)
    .mutation(async ({ ctx }) => {
      const result = await logout(ctx.db, ctx.sessionId);
      clearSessionCookie(ctx);
      return result;
    }),

  me: staffPersonProcedure()
    .meta(
      rest({
        method: 'GET',
        path: '/employee/me',
        tags,
        summary: 'The signed-in employee (401 when signed out)',
      }),
    )
    .input(z.void())
    .output(ZUser)
    .query(({ ctx }) => ctx.user),

  passwordToken: publicProcedure
    .meta(
      rest({
        method: 'GET',
        path: '/employee/set-password',
        tags,
        summary: 'Whether a set-password link can still be used',
      }),
    )
    .use(rateLimited({ rule: limits.setPasswordPerIp, by: 'ip' }))
    .input(z.object({ token: z.string().max(2000) }))
    .output(ZPasswordTokenStatus)
    .query(({ ctx, input }) => inspectSetPasswordToken(ctx.db, input.token)),

  setPassword: publicProcedure
    .meta(
      rest({
        method: 'POST',
        path: '/employee/set-password',
        tags,
        summary: 'Set a password from an e-mailed link, then sign in',
        errors: { 400: 'Invalid input, or the link is used or expired', 429: 'Too many attempts' },
      }),
    )
    .use(rateLimited({ rule: limits.setPasswordPerIp, by: 'ip' }))
    .input(ZSetPasswordInput)
    .output(ZSignedIn)
    .mutation(async ({ ctx, input }) => {
      const session = await setPasswordWithToken(ctx.db, input, signInMetaOf(ctx));
      setSessionCookie(ctx, session);
      return { user: session.user };
    }),
});
