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
  const form = useZodForm(ZEmployeeLoginInput, { defaultValues: { email: '', password: '' } });
  const toast = useToast();
  const navigate = useNavigate();
  const utils = trpc.useUtils();

  const login = trpc.employee.login.useMutation({
    onSuccess: async ({ user }) => {
      // The whole app now has a session: the portal and the storefront read it fresh.
      utils.employee.me.setData(undefined, user);
      utils.auth.session.setData(undefined, { user });
      toast({ title: 'Login Successful', description: 'Welcome to your employee dashboard!' });
      navigate('/employee/dashboard');
    },
    onError: (error) => toast({ title: 'Login Failed', description: errorMessage(error), variant: 'destructive' }),
  });

  return (
    <PortalCardPage>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">Employee Login</CardTitle>
          <CardDescription>Sign in to manage your appointments and availability.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form form={form} onSubmit={(values) => login.mutate(values)} className="flex flex-col gap-4">
            <TextField name="email" label="Email" type="email" autoComplete="username" />
            <TextField name="password" label="Password" type="password" autoComplete="current-password" />
            <Button type="submit" disabled={login.isPending} className="w-full">
              {login.isPending ? 'Signing In...' : 'Sign In'}
            </Button>
          </Form>
          <p className="mt-6 text-center text-sm text-stone-600">
            New here?{' '}
            <Link to="/employee/register" className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Apply to join our team
            </Link>
          </p>
        </CardContent>
      </Card>
    </PortalCardPage>
  );
}
