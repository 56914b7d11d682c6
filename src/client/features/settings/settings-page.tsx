import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { businessTypes, type BusinessType } from '../../../shared/settings';
import { useCurrentUser } from '../../app/session';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Field, Input, NativeSelect as Select, Textarea } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';

export const APP_VERSION = 'v1.0.0';

const typeLabels: Record<BusinessType, string> = {
  products: 'Products only',
  services: 'Services only',
  both: 'Products and services',
};

const systemBadges = [
  ['Database', 'PostgreSQL'],
  ['Sign-in provider', 'OpenID Connect'],
  ['Card payments', 'In development'],
  ['Rate limiting', 'Enabled'],
  ['Sessions', 'Secure cookies'],
  ['API', 'REST + OpenAPI'],
] as const;

/** /admin/settings (admin only). */
export function SettingsPage() {
  const settings = trpc.settings.get.useQuery();
  if (!settings.data) return <Spinner label="Loading settings" />;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Settings</h1>
        <p className="mt-1 text-sm text-stone-600">Manage your business information and review the system.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <BusinessForm initial={settings.data} />
          <SystemInformation />
        </div>
        <div className="flex flex-col gap-6">
          <CurrentUserPanel />
          <DangerZone />
        </div>
      </div>
    </div>
  );
}

function BusinessForm({ initial }: { initial: { businessName: string; businessDescription: string; businessType: BusinessType; timezone: string } }) {
  const [form, setForm] = useState(initial);
  const [nameError, setNameError] = useState<string>();
  const toast = useToast();
  const utils = trpc.useUtils();
  useEffect(() => setForm(initial), [initial]);
  const timeZones = useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    return zones.includes(initial.timezone) ? zones : [initial.timezone, ...zones];
  }, [initial.timezone]);

  const save = trpc.settings.update.useMutation({
    onSuccess: (saved) => {
      utils.settings.get.setData(undefined, saved);
      toast({ title: 'Settings Updated', description: 'Your business information has been saved.' });
    },
    onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.businessName.trim()) {
      setNameError('Business name is required');
      return;
    }
    setNameError(undefined);
    save.mutate(form);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Business Information</CardTitle>
        <CardDescription>Shown to customers across the storefront.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field label="Business name" error={nameError}>
            {(ids) => (
              <Input {...ids} name="businessName" value={form.businessName} maxLength={120} required onChange={(e) => setForm({ ...form, businessName: e.target.value })} />
            )}
          </Field>
          <Field label="Description">
            {(ids) => (
              <Textarea {...ids} name="businessDescription" value={form.businessDescription} maxLength={2000} onChange={(e) => setForm({ ...form, businessDescription: e.target.value })} />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Business type" hint="Decides which sections customers see.">
              {(ids) => (
                <Select {...ids} name="businessType" value={form.businessType} onChange={(e) => setForm({ ...form, businessType: e.target.value as BusinessType })}>
                  {businessTypes.map((type) => (
                    <option key={type} value={type}>
                      {typeLabels[type]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Time zone" hint="Opening hours and appointments use this time zone.">
              {(ids) => (
                <Select {...ids} name="timezone" value={form.timezone} onChange={(e) => setForm({ ...form, timezone: e.target.value })}>
                  {timeZones.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replaceAll('_', ' ')}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function SystemInformation() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>System Information</CardTitle>
        <CardDescription>Read-only details about this installation.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <dt className="text-stone-600">Version</dt>
          <dd className="font-medium" data-testid="app-version">{APP_VERSION}</dd>
        </dl>
        <div>
          <h3 className="mb-2 text-sm font-medium text-stone-800">Advanced settings</h3>
          <ul className="flex flex-wrap gap-2">
            {systemBadges.map(([name, value]) => (
              <li key={name}>
                <Badge tone={value === 'In development' ? 'accent' : 'brand'}>
                  {name}: {value}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}

function CurrentUserPanel() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>User Management</CardTitle>
        <CardDescription>You are signed in as</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 text-sm">
        <p className="font-medium">
          {user.firstName} {user.lastName}
        </p>
        <p className="text-stone-600">{user.email}</p>
        <p className="mt-2">
          <Badge tone="brand" className="capitalize">{user.role}</Badge>
        </p>
      </CardContent>
    </Card>
  );
}

function DangerZone() {
  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle>
          <span className="text-red-700">Danger Zone</span>
        </CardTitle>
        <CardDescription>Resetting restores every setting to its default. Not available yet.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" disabled>
          Reset All Settings
        </Button>
      </CardContent>
    </Card>
  );
}
