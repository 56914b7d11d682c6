import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { ZEmployeeLoginInput } from '../../../shared/auth-schema';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, TextField, useZodForm } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { PortalCardPage } from './portal-card-page';

/** /employee/login: e-mail and password; a failure says why in a toast. */
export function EmployeeLoginPage() {
  const intl = useIntl();
  const form = useZodForm(ZEmployeeLoginInput, { defaultValues: { email: '', password: '' } });
  const toast = useToast();
  const navigate = useNavigate();
  const utils = trpc.useUtils();

  const login = trpc.employee.login.useMutation({
    onSuccess: async ({ user }) => {
      // The whole app now has a session: the portal and the storefront read it fresh.
      utils.employee.me.setData(undefined, user);
      utils.auth.session.setData(undefined, { user });
      toast({
        title: intl.formatMessage({ id: 'employeePortal.loginSuccessful' }),
        description: intl.formatMessage({ id: 'employeePortal.welcomeDashboard' }),
      });
      navigate('/employee/dashboard');
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'employeePortal.loginFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });

  return (
    <PortalCardPage>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">{intl.formatMessage({ id: 'employeePortal.loginTitle' })}</CardTitle>
          <CardDescription>{intl.formatMessage({ id: 'employeePortal.loginIntro' })}</CardDescription>
        </CardHeader>
        <CardContent>
          <Form form={form} onSubmit={(values) => login.mutate(values)} className="flex flex-col gap-4">
            <TextField
              name="email"
              label={intl.formatMessage({ id: 'employeePortal.email' })}
              type="email"
              autoComplete="username"
            />
            <TextField
              name="password"
              label={intl.formatMessage({ id: 'employeePortal.password' })}
              type="password"
              autoComplete="current-password"
            />
            <Button type="submit" disabled={login.isPending} className="w-full">
              {intl.formatMessage({ id: login.isPending ? 'employeePortal.signingIn' : 'employeePortal.signIn' })}
            </Button>
          </Form>
          <p className="mt-6 text-center text-sm text-stone-600">
            <FormattedMessage
              id="employeePortal.newHere"
              values={{
                link: (text) => (
                  <Link
                    to="/employee/register"
                    className="font-medium text-brand-700 underline-offset-4 hover:underline"
                  >
                    {text}
                  </Link>
                ),
              }}
            />
          </p>
        </CardContent>
      </Card>
    </PortalCardPage>
  );
}
