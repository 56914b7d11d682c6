import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import { UserAvatar } from '../../components/user-avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, TextField, useZodForm } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/trpc';
import { ZChangePasswordInput } from '../../../shared/employee-portal-schema';
import { CalendarSubscription } from './calendar-subscription';
import { ConnectedCalendars } from './connected-calendars';
import { useChangePassword } from './employee-portal-api';
import { useEmployee } from './employee-portal-api';

/** The form's schema: the new password twice; the mismatch is said in the page's language. */
const passwordForm = (mismatch: string) =>
  ZChangePasswordInput.extend({ confirmPassword: z.string() }).refine((v) => v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: mismatch,
  });

function ChangePassword() {
  const intl = useIntl();
  const change = useChangePassword();
  const toast = useToast();
  const schema = useMemo(() => passwordForm(intl.formatMessage({ id: 'employeePortal.passwordMismatch' })), [intl]);
  const form = useZodForm(schema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  return (
    <Card className="max-w-lg">
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'employeePortal.changePasswordTitle' })}</CardTitle>
        <p className="text-sm text-stone-600">{intl.formatMessage({ id: 'employeePortal.changePasswordIntro' })}</p>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          aria-label={intl.formatMessage({ id: 'employeePortal.changePasswordLabel' })}
          className="flex flex-col gap-4"
          onSubmit={({ currentPassword, newPassword }) =>
            change.mutate(
              { currentPassword, newPassword },
              {
                onSuccess: () => {
                  form.reset();
                  toast({
                    title: intl.formatMessage({ id: 'employeePortal.passwordChanged' }),
                    description: intl.formatMessage({ id: 'employeePortal.passwordChangedSignedOut' }),
                  });
                },
                onError: (error) =>
                  toast({
                    title: intl.formatMessage({ id: 'employeePortal.error' }),
                    description: errorMessage(error, intl.formatMessage({ id: 'employeePortal.changePasswordFailed' })),
                    variant: 'destructive',
                  }),
              },
            )
          }
        >
          <TextField
            name="currentPassword"
            label={intl.formatMessage({ id: 'employeePortal.currentPassword' })}
            type="password"
            autoComplete="current-password"
          />
          <TextField
            name="newPassword"
            label={intl.formatMessage({ id: 'employeePortal.newPassword' })}
            hint={intl.formatMessage({ id: 'employeePortal.newPasswordHint' })}
            type="password"
            autoComplete="new-password"
          />
          <TextField
            name="confirmPassword"
            label={intl.formatMessage({ id: 'employeePortal.confirmNewPassword' })}
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" className="self-start" disabled={change.isPending}>
            {intl.formatMessage({
              id: change.isPending ? 'employeePortal.changing' : 'employeePortal.changePasswordSubmit',
            })}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

/** /employee/profile: who is signed in to the portal, their calendar subscription, and their password. */
export function EmployeeProfilePage() {
  const intl = useIntl();
  const { data: user } = useEmployee();
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-stone-900">{intl.formatMessage({ id: 'employeePortal.profileTitle' })}</h1>
      <Card className="max-w-lg">
        <CardContent className="flex items-center gap-4 p-5">
          <UserAvatar user={user} size={56} />
          <div className="flex min-w-0 flex-col gap-1">
            <p className="text-lg font-semibold">
              {user.firstName} {user.lastName}
            </p>
            <p className="truncate text-sm text-stone-600">{user.email}</p>
            <div className="flex gap-2">
              <Badge tone="brand" className="capitalize">
                {intl.formatMessage({ id: 'employeePortal.role' }, { role: user.role })}
              </Badge>
              <Badge tone={user.isActive ? 'success' : 'danger'}>
                {intl.formatMessage({ id: user.isActive ? 'employeePortal.active' : 'employeePortal.inactive' })}
              </Badge>
            </div>
          </div>
        </CardContent>
      </Card>
      <ConnectedCalendars />
      <CalendarSubscription />
      <ChangePassword />
    </div>
  );
}
