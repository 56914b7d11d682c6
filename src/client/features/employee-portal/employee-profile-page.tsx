import { z } from 'zod';
import { UserAvatar } from '../../components/user-avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/trpc';
import { ZChangePasswordInput } from '../../../shared/employee-portal-schema';
import { CalendarSubscription } from './calendar-subscription';
import { useChangePassword } from './employee-portal-api';
import { useEmployee } from './employee-portal-api';

const ZPasswordForm = ZChangePasswordInput.extend({ confirmPassword: z.string() }).refine(
  (v) => v.confirmPassword === v.newPassword,
  {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  },
);

function ChangePassword() {
  const change = useChangePassword();
  const toast = useToast();
  const form = useZodForm(ZPasswordForm, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  return (
    <Card className="max-w-lg">
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <p className="text-sm text-stone-600">Your other signed-in devices are signed out when the password changes.</p>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          aria-label="Change password"
          className="flex flex-col gap-4"
          onSubmit={({ currentPassword, newPassword }) =>
            change.mutate(
              { currentPassword, newPassword },
              {
                onSuccess: () => {
                  form.reset();
                  toast({
                    title: 'Password Changed',
                    description: 'Your password has been changed. Your other sessions have been signed out.',
                  });
                },
                onError: (error) =>
                  toast({
                    title: 'Error',
                    description: errorMessage(error, 'Failed to change password.'),
                    variant: 'destructive',
                  }),
              },
            )
          }
        >
          <FormField name="currentPassword" label="Current Password">
            {({ field, ids }) => <Input {...field} {...ids} type="password" autoComplete="current-password" />}
          </FormField>
          <FormField name="newPassword" label="New Password" hint="At least 12 characters.">
            {({ field, ids }) => <Input {...field} {...ids} type="password" autoComplete="new-password" />}
          </FormField>
          <FormField name="confirmPassword" label="Confirm New Password">
            {({ field, ids }) => <Input {...field} {...ids} type="password" autoComplete="new-password" />}
          </FormField>
          <Button type="submit" className="self-start" disabled={change.isPending}>
            {change.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** /employee/profile: who is signed in to the portal, their calendar subscription, and their password. */
export function EmployeeProfilePage() {
  const { data: user } = useEmployee();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-stone-900">Profile</h1>
      <Card className="max-w-lg">
        <CardContent className="flex items-center gap-4 pt-5">
          <UserAvatar user={user} size={56} />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="text-lg font-semibold">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-sm text-stone-600">{user.email}</p>
            <div className="flex gap-2">
              <Badge tone="brand" className="capitalize">
                {user.role}
              </Badge>
              <Badge tone={user.isActive ? 'success' : 'danger'}>{user.isActive ? 'Active' : 'Inactive'}</Badge>
            </div>
          </div>
        </CardContent>
      </Card>
      <CalendarSubscription />
      <ChangePassword />
    </div>
  );
}
