import { useIntl } from 'react-intl';
import { createContext, useContext, useEffect, useEffectEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { GUARD_REDIRECT_MS, useCurrentUser } from '../lib/session';
import { mayOpen, type PageAccess } from './navigation';
import type { MessageId } from '../../shared/i18n/en';

/** What a visitor is told on a page that needs sign-in, before going to sign in. */
export const SIGNED_OUT_NOTICE = { title: 'app.unauthorized', description: 'app.loggedOut' } as const satisfies Record<
  string,
  MessageId
>;

/**
 * Given by the server's render (server-render.tsx), which has no effects to run: told where a page whose visitor
 * must sign in first sends them, so that the page itself shows the notice and leaves, before any script.
 */
export const ServerGuard = createContext<((to: string) => void) | null>(null);

/**
 * Renders children for signed-in users the rule lets in (any signed-in user, staff, admins, or holders of a
 * permission, as src/shared/roles.ts decides); otherwise tells them why and sends them away.
 */
export function RequireAccess({ rule, children }: { rule: 'signedIn' | PageAccess; children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const intl = useIntl();
  const verdict = isLoading
    ? 'loading'
    : !user
      ? 'signed-out'
      : rule === 'signedIn' || mayOpen(user, rule)
        ? 'allowed'
        : 'denied';
  // Back to this page once signed in.
  const signIn = `/api/login?returnTo=${encodeURIComponent(pathname + search)}`;
  const leaveFromServer = useContext(ServerGuard);
  if (verdict === 'signed-out') leaveFromServer?.(signIn);

  // An effect event: the page's messages change once when the rest of its catalogue arrives, and that must not
  // say it twice or restart the wait before leaving.
  const tell = useEffectEvent((title: MessageId, description: MessageId) =>
    toast({
      title: intl.formatMessage({ id: title }),
      description: intl.formatMessage({ id: description }),
      variant: 'destructive',
    }),
  );

  useEffect(() => {
    if (verdict === 'loading' || verdict === 'allowed') return;
    if (verdict === 'signed-out') {
      tell(SIGNED_OUT_NOTICE.title, SIGNED_OUT_NOTICE.description);
      const timer = setTimeout(() => window.location.assign(signIn), GUARD_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    tell('app.accessDenied', 'app.noPermission');
    const timer = setTimeout(() => navigate('/', { replace: true }), GUARD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verdict, navigate, signIn]);

  if (verdict !== 'allowed') return <Spinner className="min-h-[50vh]" />;
  return <>{children}</>;
}
