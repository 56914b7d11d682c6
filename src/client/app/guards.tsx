import { useIntl } from 'react-intl';
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { GUARD_REDIRECT_MS, useCurrentUser } from '../lib/session';
import { mayOpen, type PageAccess } from './navigation';
import type { MessageId } from '../../shared/i18n/en';

/**
 * Renders children for signed-in users the rule lets in (any signed-in user, staff, admins, or holders of a
 * permission, as src/shared/roles.ts decides); otherwise tells them why and sends them away.
 */
export function RequireAccess({ rule, children }: { rule: 'signedIn' | PageAccess; children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const toast = useToast();
  const navigate = useNavigate();
  const intl = useIntl();
  const verdict = isLoading
    ? 'loading'
    : !user
      ? 'signed-out'
      : rule === 'signedIn' || mayOpen(user, rule)
        ? 'allowed'
        : 'denied';

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
      tell('app.unauthorized', 'app.loggedOut');
      // Back to this page once signed in.
      const returnTo = encodeURIComponent(window.location.pathname + window.location.search);
      const timer = setTimeout(() => window.location.assign(`/api/login?returnTo=${returnTo}`), GUARD_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    tell('app.accessDenied', 'app.noPermission');
    const timer = setTimeout(() => navigate('/', { replace: true }), GUARD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verdict, navigate]);

  if (verdict !== 'allowed') return <Spinner className="min-h-[50vh]" />;
  return <>{children}</>;
}
