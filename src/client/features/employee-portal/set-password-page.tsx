import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MIN_NEW_PASSWORD_LENGTH, passwordTokenMessages, ZSetPasswordForm } from '../../../shared/auth-schema';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, TextField, useZodForm } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { useSentence } from '../../lib/i18n';
import { errorMessage, trpc } from '../../lib/trpc';
import { PortalCardPage } from './portal-card-page';

const unusableTitles = {
  used: 'employeePortal.linkUsed',
  expired: 'employeePortal.linkExpired',
  invalid: 'employeePortal.linkInvalid',
} as const;

/** /employee/set-password?token=…: the link an approved employee receives; afterwards they are signed in. */
export function SetPasswordPage() {
  const intl = useIntl();
  const say = useSentence();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = trpc.employee.passwordToken.useQuery({ token }, { retry: false, enabled: token.length > 0 });
  const form = useZodForm(ZSetPasswordForm, { defaultValues: { password: '', confirm: '' } });
  const toast = useToast();
  const navigate = useNavigate();
  const utils = trpc.useUtils();

  const setPassword = trpc.employee.setPassword.useMutation({
    onSuccess: ({ user }) => {
      utils.employee.me.setData(undefined, user);
      utils.auth.session.setData(undefined, { user });
      toast({
        title: intl.formatMessage({ id: 'employeePortal.passwordSet' }),
        description: intl.formatMessage({ id: 'employeePortal.welcomeDashboard' }),
      });
      navigate('/employee/dashboard', { replace: true });
    },
    onError: (error) => {
      toast({
        title: intl.formatMessage({ id: 'employeePortal.error' }),
        description: errorMessage(error),
        variant: 'destructive',
      });
      void check.refetch();
    },
  });

  if (token && check.isLoading)
    return <Spinner className="min-h-dvh" label={intl.formatMessage({ id: 'employeePortal.checkingLink' })} />;
  const status = !token ? 'invalid' : check.isError ? 'invalid' : (check.data?.status ?? 'invalid');

  if (status !== 'valid') {
    return (
      <PortalCardPage>
        <Card className="text-center">
          <CardHeader>
            <CardTitle className="text-2xl">{intl.formatMessage({ id: unusableTitles[status] })}</CardTitle>
            <CardDescription>{say(passwordTokenMessages[status])}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Link to="/employee/login" className={buttonClass('primary', 'md')}>
              {intl.formatMessage({ id: 'employeePortal.loginTitle' })}
            </Link>
            <Link to="/" className={buttonClass('outline', 'md')}>
              {intl.formatMessage({ id: 'employeePortal.backHome' })}
            </Link>
          </CardContent>
        </Card>
      </PortalCardPage>
    );
  }

  return (
    <PortalCardPage>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">{intl.formatMessage({ id: 'employeePortal.setPasswordTitle' })}</CardTitle>
          <CardDescription>
            {intl.formatMessage(
              { id: 'employeePortal.setPasswordIntro' },
              {
                named: check.data?.firstName ? 'yes' : 'no',
                firstName: check.data?.firstName,
                email: check.data?.email,
                min: MIN_NEW_PASSWORD_LENGTH,
              },
            )}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form
            form={form}
            onSubmit={(values) => setPassword.mutate({ token, password: values.password })}
            className="flex flex-col gap-4"
          >
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={check.data?.email ?? ''}
              readOnly
              hidden
            />
            <TextField
              name="password"
              label={intl.formatMessage({ id: 'employeePortal.newPassword' })}
              type="password"
              autoComplete="new-password"
            />
            <TextField
              name="confirm"
              label={intl.formatMessage({ id: 'employeePortal.confirmPassword' })}
              type="password"
              autoComplete="new-password"
            />
            <Button type="submit" disabled={setPassword.isPending} className="w-full">
              {intl.formatMessage({
                id: setPassword.isPending ? 'employeePortal.saving' : 'employeePortal.setPasswordSubmit',
              })}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </PortalCardPage>
  );
}
