import { useIntl } from 'react-intl';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { GUARD_REDIRECT_MS, useCurrentUser } from '../lib/session';
import { mayOpen, type PageAccess } from './navigation';

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

  useEffect(() => {
    if (verdict === 'loading' || verdict === 'allowed') return;
    if (verdict === 'signed-out') {
      toast({
        title: intl.formatMessage({ id: 'app.unauthorized' }),
        description: intl.formatMessage({ id: 'app.loggedOut' }),
        variant: 'destructive',
      });
      // Back to this page once signed in.
      const returnTo = encodeURIComponent(window.location.pathname + window.location.search);
      const timer = setTimeout(() => window.location.assign(`/api/login?returnTo=${returnTo}`), GUARD_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    toast({
      title: intl.formatMessage({ id: 'app.accessDenied' }),
      description: intl.formatMessage({ id: 'app.noPermission' }),
      variant: 'destructive',
    });
    const timer = setTimeout(() => navigate('/', { replace: true }), GUARD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verdict, toast, navigate, intl]);

  if (verdict !== 'allowed') return <Spinner className="min-h-[50vh]" />;
  return <>{children}</>;
}
