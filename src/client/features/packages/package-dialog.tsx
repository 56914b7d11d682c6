import { useController, useFormContext } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { ZPackageInput } from '../../../shared/package-schema';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { CheckboxField, Form, FormField, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { useCurrencySign } from '../../lib/money';
import { useSentence } from '../../lib/i18n';
import { useCreatePackage, useUpdatePackage, type AdminPackage } from './packages-api';

/** The services a pack covers: a checkbox per service, in a fieldset of its own. */
function ServicesField({ services }: { services: { id: string; name: string }[] }) {
  const intl = useIntl();
  const say = useSentence();
  const { control } = useFormContext();
  const { field, fieldState } = useController({ control, name: 'serviceIds' });
  const chosen = (field.value as string[] | undefined) ?? [];
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-describedby={fieldState.error ? 'package-services-error' : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-stone-800">
        {intl.formatMessage({ id: 'packages.services' })}
      </legend>
      <div className="grid max-h-48 gap-2 overflow-y-auto sm:grid-cols-2">
        {services.map((service) => (
          <label key={service.id} className="flex items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-600"
              checked={chosen.includes(service.id)}
              onChange={(e) =>
                field.onChange(e.target.checked ? [...chosen, service.id] : chosen.filter((id) => id !== service.id))
              }
            />
            {service.name}
          </label>
        ))}
      </div>
      {fieldState.error?.message && (
        <p id="package-services-error" className="text-sm text-red-600" role="alert">
          {say(fieldState.error.message)}
        </p>
      )}
    </fieldset>
  );
}

/** Create a pack, or edit one: its services, sessions, price and days valid. */
export function PackageDialog({
  pack,
  services,
  onClose,
}: {
  pack: AdminPackage | null;
  services: { id: string; name: string }[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const currency = useCurrencySign();
  const create = useCreatePackage();
  const update = useUpdatePackage();
  const pending = create.isPending || update.isPending;
  const form = useZodForm(ZPackageInput, {
    defaultValues: {
      name: pack?.name ?? '',
      serviceIds: pack?.serviceIds ?? [],
      sessions: pack?.sessions ?? 5,
      price: pack?.price ?? '',
      validDays: pack?.validDays ?? 180,
      isActive: pack?.isActive ?? true,
    },
  });

  const submit = (values: ReturnType<typeof ZPackageInput.parse>) => {
    if (pack) update.mutate({ id: pack.id, ...values }, { onSuccess: onClose });
    else create.mutate(values, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={
        pack
          ? intl.formatMessage({ id: 'packages.editLabel' }, { name: pack.name })
          : intl.formatMessage({ id: 'packages.newTitle' })
      }
      description={intl.formatMessage({ id: 'packages.dialogText' })}
      className="max-w-xl"
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <FormField name="name" label={intl.formatMessage({ id: 'packages.name' })}>
          {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} autoComplete="off" />}
        </FormField>
        <ServicesField services={services} />
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField name="sessions" label={intl.formatMessage({ id: 'packages.sessionsField' })}>
            {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} inputMode="numeric" />}
          </FormField>
          <FormField name="price" label={intl.formatMessage({ id: 'packages.price' }, { currency })}>
            {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} inputMode="decimal" />}
          </FormField>
          <FormField
            name="validDays"
            label={intl.formatMessage({ id: 'packages.validDaysField' })}
            hint={intl.formatMessage({ id: 'packages.validDaysHint' })}
          >
            {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} inputMode="numeric" />}
          </FormField>
        </div>
        <CheckboxField name="isActive" label={intl.formatMessage({ id: 'packages.onSaleField' })} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            <FormattedMessage id="packages.cancel" />
          </Button>
          <Button type="submit" disabled={pending}>
            <FormattedMessage id={pending ? 'packages.saving' : pack ? 'packages.save' : 'packages.create'} />
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
