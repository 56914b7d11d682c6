import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MIN_NEW_PASSWORD_LENGTH, passwordTokenMessages, ZSetPasswordForm } from '../../../shared/auth-schema';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, TextField, useZodForm } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { PortalCardPage } from './portal-card-page';

const unusableTitles = { used: 'Link already used', expired: 'Link expired', invalid: 'Link not valid' } as const;

/** /employee/set-password?token=…: the link an approved employee receives; afterwards they are signed in. */
export function SetPasswordPage() {
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
      toast({ title: 'Password Set', description: 'Welcome to your employee dashboard!' });
      navigate('/employee/dashboard', { replace: true });
    },
    onError: (error) => {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      void check.refetch();
    },
  });

  if (token && check.isLoading) return <Spinner className="min-h-dvh" label="Checking your link" />;
  const status = !token ? 'invalid' : check.isError ? 'invalid' : (check.data?.status ?? 'invalid');

  if (status !== 'valid') {
    return (
      <PortalCardPage>
        <Card className="text-center">
          <CardHeader>
            <CardTitle className="text-2xl">{unusableTitles[status]}</CardTitle>
            <CardDescription>{passwordTokenMessages[status]}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Link to="/employee/login" className={buttonClass('primary', 'md')}>
              Employee Login
            </Link>
            <Link to="/" className={buttonClass('outline', 'md')}>
              Back to Home
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
          <CardTitle className="text-2xl">Set Your Password</CardTitle>
          <CardDescription>
            Welcome{check.data?.firstName ? `, ${check.data.firstName}` : ''}! Choose a password for {check.data?.email}
            . It needs at least {MIN_NEW_PASSWORD_LENGTH} characters.
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
            <TextField name="password" label="New Password" type="password" autoComplete="new-password" />
            <TextField name="confirm" label="Confirm Password" type="password" autoComplete="new-password" />
            <Button type="submit" disabled={setPassword.isPending} className="w-full">
              {setPassword.isPending ? 'Saving...' : 'Set Password and Sign In'}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </PortalCardPage>
  );
}
