import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { MessageId } from '../../../shared/i18n/en';
import { GUARD_REDIRECT_MS } from '../../lib/session';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { errorStatus } from '../../lib/trpc';
import { useEmployee } from './employee-portal-api';

/**
 * docs/sign-in.md: portal screens use the employee sign-in. Signed out, they say why (each screen its own
 * words) and go to /employee/login after 500 ms; a signed-in customer is denied and sent home.
 */
export function RequireEmployee({ message, children }: { message: MessageId; children: ReactNode }) {
  const intl = useIntl();
  const me = useEmployee();
  const toast = useToast();
  const navigate = useNavigate();
  const status = me.isError ? errorStatus(me.error) : undefined;
  const verdict = me.isLoading ? 'loading' : me.data ? 'allowed' : status === 403 ? 'denied' : 'signed-out';

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
    if (verdict === 'denied') {
      tell('app.accessDenied', 'app.noPermission');
      const timer = setTimeout(() => navigate('/', { replace: true }), GUARD_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    tell('app.unauthorized', message);
    const timer = setTimeout(() => navigate('/employee/login', { replace: true }), GUARD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verdict, message, navigate]);

  if (verdict !== 'allowed') return <Spinner className="min-h-[50vh]" />;
  return <>{children}</>;
}
