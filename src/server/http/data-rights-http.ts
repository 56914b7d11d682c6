import fp from 'fastify-plugin';
import { requestLocale } from '../api/request-locale';
import { AppError } from '../app-error';
import { access, decideAccess } from '../api/access';
import { findCaller, type AppServices } from '../api/context';
import { eraseMyAccount } from '../customers/data-rights';
import { clearSessionCookie } from './session-cookie';
import { integrationMessages } from '../../shared/integrations-schema';
import { dataRightsMessages, ZDeleteAccountInput } from '../../shared/data-rights-schema';
import { changingCustomers } from '../staff/figures-cache';

/** Who may erase an account: enforced here, and what the OpenAPI document says (openapi/data-rights-paths.ts). */
export const deleteAccountAccess = access.person();

/**
 * DELETE /api/auth/user {confirm: "DELETE"}: the caller erases her own account (docs/customers.md, Data rights).
 * A plain route because the REST adapter reads no body on DELETE; the profile page calls the same erasure over
 * tRPC (auth.deleteAccount). An API key is a program, not a person: 403.
 */
export const dataRightsHttpPlugin = fp(
  async (app, deps: AppServices) => {
    app.delete('/api/auth/user', async (req, reply) => {
      const { user } = await findCaller(deps, req, reply);
      const decision = decideAccess(deleteAccountAccess, user);
      if (decision === 'unauthenticated') throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
      if (decision === 'program') throw new AppError('FORBIDDEN', integrationMessages.notAPerson);
      if (!ZDeleteAccountInput.safeParse(req.body).success)
        throw new AppError('BAD_REQUEST', dataRightsMessages.confirm);
      const settings = await deps.settings.get();
      const erased = await changingCustomers(
        deps,
        eraseMyAccount(deps.database.db, user!, {
          settings,
          now: new Date(),
          publicUrl: deps.env.publicUrl,
          payments: deps.payments,
          locale: requestLocale(req),
        }),
      );
      clearSessionCookie({ req, reply, env: deps.env });
      return reply.send(erased);
    });
  },
  { name: 'storefront-data-rights', fastify: '5.x', dependencies: ['storefront-errors', '@fastify/cookie'] },
);
