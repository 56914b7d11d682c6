import { useEffect, type ReactNode } from 'react';
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

  useEffect(() => {
    if (verdict === 'loading' || verdict === 'allowed') return;
    if (verdict === 'denied') {
      toast({
        title: intl.formatMessage({ id: 'app.accessDenied' }),
        description: intl.formatMessage({ id: 'app.noPermission' }),
        variant: 'destructive',
      });
      const timer = setTimeout(() => navigate('/', { replace: true }), GUARD_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    toast({
      title: intl.formatMessage({ id: 'app.unauthorized' }),
      description: intl.formatMessage({ id: message }),
      variant: 'destructive',
    });
    const timer = setTimeout(() => navigate('/employee/login', { replace: true }), GUARD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verdict, message, toast, navigate, intl]);

  if (verdict !== 'allowed') return <Spinner className="min-h-[50vh]" />;
  return <>{children}</>;
}
