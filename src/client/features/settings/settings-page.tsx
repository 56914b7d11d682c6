import { useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { businessTypes, type BusinessSettings, type BusinessType } from '../../../shared/settings';
import { isCurrencyWithCents, ZUpdateBusinessSettingsInput } from '../../../shared/settings-schema';
import { useCurrentUser } from '../../lib/session';
import type { MessageId } from '../../../shared/i18n/en';
import { INTL_TAGS, LOCALE_NAMES, LOCALES } from '../../../shared/i18n/locales';
import { pageLocale } from '../../lib/page-state';
import { BookingRulesCard } from './booking-rules-card';
import { SystemInformation } from './system-information';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, SelectField, TextareaField, TextField, useZodForm } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useSettings, useUpdateSettings } from './settings-api';

const typeLabels: Record<BusinessType, MessageId> = {
  products: 'settings.typeProducts',
  services: 'settings.typeServices',
  both: 'settings.typeBoth',
};

/** /admin/settings (admin only). */
export function SettingsPage() {
  const intl = useIntl();
  const settings = useSettings();
  if (!settings.data) return <Spinner label={intl.formatMessage({ id: 'settings.loading' })} />;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">
          <FormattedMessage id="settings.title" />
        </h1>
        <p className="mt-1 text-sm text-stone-600">
          <FormattedMessage id="settings.intro" />
        </p>
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
  const intl = useIntl();
  const typeOptions = businessTypes.map((type) => ({
    value: type,
    label: intl.formatMessage({ id: typeLabels[type] }),
  }));
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
    const names = new Intl.DisplayNames([INTL_TAGS[pageLocale()]], { type: 'currency' });
    return Intl.supportedValuesOf('currency')
      .filter(isCurrencyWithCents)
      .map((code) => ({ value: code, label: `${code} (${names.of(code)})` }));
  }, []);
  const save = useUpdateSettings();

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="settings.business" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="settings.businessText" />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} onSubmit={(values) => save.mutate(values)} className="flex flex-col gap-4">
          <TextField name="businessName" label={intl.formatMessage({ id: 'settings.businessName' })} required />
          <TextareaField name="businessDescription" label={intl.formatMessage({ id: 'settings.description' })} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              name="businessType"
              label={intl.formatMessage({ id: 'settings.businessType' })}
              hint={intl.formatMessage({ id: 'settings.businessTypeHint' })}
              options={typeOptions}
            />
            <SelectField
              name="timezone"
              label={intl.formatMessage({ id: 'settings.timeZone' })}
              hint={intl.formatMessage({ id: 'settings.timeZoneHint' })}
              options={timeZones}
            />
            <SelectField
              name="currency"
              label={intl.formatMessage({ id: 'settings.currency' })}
              hint={intl.formatMessage({ id: 'settings.currencyHint' })}
              options={currencies}
            />
            <SelectField
              name="defaultLocale"
              label={intl.formatMessage({ id: 'settings.defaultLanguage' })}
              hint={intl.formatMessage({ id: 'settings.defaultLanguageHint' })}
              options={languages}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              <FormattedMessage id={save.isPending ? 'settings.saving' : 'settings.save'} />
            </Button>
          </div>
        </Form>
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
        <CardTitle>
          <FormattedMessage id="settings.users" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="settings.signedInAs" />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 text-sm">
        <p className="font-medium">
          {user.firstName} {user.lastName}
        </p>
        <p className="text-stone-600">{user.email}</p>
        <p className="mt-2">
          <Badge tone="brand" className="capitalize">
            <FormattedMessage id="settings.role" values={{ role: user.role }} />
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
          <span className="text-red-700">
            <FormattedMessage id="settings.danger" />
          </span>
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="settings.dangerText" />
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" disabled>
          <FormattedMessage id="settings.reset" />
        </Button>
      </CardContent>
    </Card>
  );
}
