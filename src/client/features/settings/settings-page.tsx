import { useEffect, useMemo } from 'react';
import { businessTypes, type BusinessSettings, type BusinessType } from '../../../shared/settings';
import { isCurrencyWithCents, ZUpdateBusinessSettingsInput } from '../../../shared/settings-schema';
import { useCurrentUser } from '../../lib/session';
import { LOCALE_NAMES, LOCALES } from '../../../shared/i18n/locales';
import { BookingRulesCard } from './booking-rules-card';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, SelectField, TextareaField, TextField, useZodForm } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useSettings, useUpdateSettings } from './settings-api';

const APP_VERSION = 'v1.0.0';

const typeLabels: Record<BusinessType, string> = {
  products: 'Products only',
  services: 'Services only',
  both: 'Products and services',
};

const typeOptions = businessTypes.map((type) => ({ value: type, label: typeLabels[type] }));

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
  const settings = useSettings();
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
          <BookingRulesCard initial={settings.data} />
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

const languages = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

function BusinessForm({ initial }: { initial: BusinessSettings }) {
  const form = useZodForm(ZUpdateBusinessSettingsInput, { defaultValues: initial });
  const { reset } = form;
  // The settings are read again in the background (after a save, on focus): what the admin is typing stays.
  useEffect(() => reset(initial, { keepDirtyValues: true }), [initial, reset]);
  const timeZones = useMemo(() => {
    const zones = Intl.supportedValuesOf('timeZone');
    return (zones.includes(initial.timezone) ? zones : [initial.timezone, ...zones]).map((zone) => ({
      value: zone,
      label: zone.replaceAll('_', ' '),
    }));
  }, [initial.timezone]);
  const currencies = useMemo(() => {
    const names = new Intl.DisplayNames(['en'], { type: 'currency' });
    return Intl.supportedValuesOf('currency')
      .filter(isCurrencyWithCents)
      .map((code) => ({ value: code, label: `${code} (${names.of(code)})` }));
  }, []);
  const save = useUpdateSettings();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Business Information</CardTitle>
        <CardDescription>Shown to customers across the storefront.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} onSubmit={(values) => save.mutate(values)} className="flex flex-col gap-4">
          <TextField name="businessName" label="Business name" required />
          <TextareaField name="businessDescription" label="Description" />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              name="businessType"
              label="Business type"
              hint="Decides which sections customers see."
              options={typeOptions}
            />
            <SelectField
              name="timezone"
              label="Time zone"
              hint="Opening hours and appointments use this time zone."
              options={timeZones}
            />
            <SelectField
              name="currency"
              label="Currency"
              hint="Prices are shown and charged in it. It cannot change once orders have been placed."
              options={currencies}
            />
            <SelectField
              name="defaultLocale"
              label="Default language"
              hint="For visitors whose browser asks for none of these languages, and people who chose none."
              options={languages}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </Form>
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
          <dd className="font-medium" data-testid="app-version">
            {APP_VERSION}
          </dd>
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
          <Badge tone="brand" className="capitalize">
            {user.role}
          </Badge>
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
