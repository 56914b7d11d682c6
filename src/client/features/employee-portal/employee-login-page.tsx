import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ZEmployeeLoginInput } from '../../../shared/auth-schema';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, Input } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { fieldErrors } from '../auth/form-errors';
import { PortalCardPage } from './portal-card-page';

/** /employee/login (SPEC.md §2, §5, §8). */
export function EmployeeLoginPage() {
  const [form, setForm] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
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

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems = fieldErrors(ZEmployeeLoginInput, form);
    setErrors(problems ?? {});
    if (!problems) login.mutate(form);
  }

  return (
    <PortalCardPage>
      <Card>
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">Employee Login</CardTitle>
          <CardDescription>Sign in to manage your appointments and availability.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <Field label="Email" error={errors.email}>
              {(ids) => (
                <Input {...ids} type="email" name="email" autoComplete="username" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
              )}
            </Field>
            <Field label="Password" error={errors.password}>
              {(ids) => (
                <Input
                  {...ids}
                  type="password"
                  name="password"
                  autoComplete="current-password"
                  value={form.password}
                  onChange={(e) => setForm({ ...form, password: e.target.value })}
                />
              )}
            </Field>
            <Button type="submit" disabled={login.isPending} className="w-full">
              {login.isPending ? 'Signing In...' : 'Sign In'}
            </Button>
          </form>
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
