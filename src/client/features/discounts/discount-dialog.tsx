import { TZDate } from '@date-fns/tz';
import { FormattedMessage, useIntl } from 'react-intl';
import { ZDiscountForm, type DiscountForm } from '../../../shared/discount-schema';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Form, CheckboxField, FormField, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useCurrencySign } from '../../lib/money';
import { dateKeyOf } from '../../lib/zoned-time';
import { addCalendarDays } from '../../../shared/date-key';
import { useCreateDiscount, useUpdateDiscount, type DiscountItem } from './discounts-api';

/** Midnight at the start of a business day, as an instant. */
function dayStart(key: string, timeZone: string): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, timeZone).toISOString();
}

/**
 * The last business day a code can be used: the day of the last moment before its end (an end the dialog set is
 * the midnight after that day; one set through the API may fall within a day, which is then still a day of use).
 */
export const lastDayKeyOf = (endsAt: string, timeZone: string) =>
  dateKeyOf(new Date(new Date(endsAt).getTime() - 1), timeZone);

/** Create a code, or edit one: its dates are whole business days, the end day included. */
export function DiscountDialog({
  discount,
  timeZone,
  onClose,
}: {
  discount: DiscountItem | null;
  timeZone: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const currency = useCurrencySign();
  const kindOptions = [
    { value: 'percent', label: intl.formatMessage({ id: 'discounts.percentOffOption' }) },
    { value: 'fixed', label: intl.formatMessage({ id: 'discounts.fixedOffOption' }) },
  ];
  const create = useCreateDiscount();
  const update = useUpdateDiscount();
  const pending = create.isPending || update.isPending;
  const form = useZodForm(ZDiscountForm, {
    defaultValues: {
      code: discount?.code ?? '',
      kind: discount?.kind ?? 'percent',
      value: discount?.value ?? '',
      minSubtotal: discount?.minSubtotal ?? '',
      startDate: discount?.startsAt ? dateKeyOf(discount.startsAt, timeZone) : '',
      endDate: discount?.endsAt ? lastDayKeyOf(discount.endsAt, timeZone) : '',
      usageLimit: discount?.usageLimit ?? '',
      perCustomerLimit: discount?.perCustomerLimit ?? 1,
      isActive: discount?.isActive ?? true,
    } satisfies DiscountForm,
  });
  const kind = form.watch('kind');

  const submit = (values: ReturnType<typeof ZDiscountForm.parse>) => {
    const body = {
      code: values.code,
      kind: values.kind,
      value: values.value,
      minSubtotal: values.minSubtotal,
      startsAt: values.startDate ? dayStart(values.startDate, timeZone) : null,
      // Until the end of the last day.
      endsAt: values.endDate ? dayStart(addCalendarDays(values.endDate, 1), timeZone) : null,
      usageLimit: values.usageLimit,
      perCustomerLimit: values.perCustomerLimit,
      isActive: values.isActive,
    };
    if (discount) update.mutate({ id: discount.id, ...body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={
        discount
          ? intl.formatMessage({ id: 'discounts.editLabel' }, { code: discount.code })
          : intl.formatMessage({ id: 'discounts.newTitle' })
      }
      description={intl.formatMessage({ id: 'discounts.dialogText' })}
      className="max-w-xl"
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="code" label={intl.formatMessage({ id: 'discounts.code' })}>
            {({ field, ids }) => (
              <Input
                {...field}
                value={field.value ?? ''}
                {...ids}
                className="font-mono uppercase placeholder:font-sans placeholder:normal-case"
                placeholder={intl.formatMessage({ id: 'discounts.codePlaceholder' })}
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField name="kind" label={intl.formatMessage({ id: 'discounts.kind' })}>
            {({ field, ids }) => (
              <Select
                {...ids}
                name={field.name}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                options={kindOptions}
              />
            )}
          </FormField>
          <FormField
            name="value"
            label={intl.formatMessage(
              { id: kind === 'fixed' ? 'discounts.amountOffLabel' : 'discounts.percentOffLabel' },
              { currency },
            )}
          >
            {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} inputMode="decimal" />}
          </FormField>
          <FormField
            name="minSubtotal"
            label={intl.formatMessage({ id: 'discounts.minSubtotal' }, { currency })}
            hint={intl.formatMessage({ id: 'discounts.minSubtotalHint' })}
          >
            {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} inputMode="decimal" />}
          </FormField>
          <FormField
            name="startDate"
            label={intl.formatMessage({ id: 'discounts.startsOn' })}
            hint={intl.formatMessage({ id: 'discounts.startsOnHint' })}
          >
            {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} type="date" />}
          </FormField>
          <FormField
            name="endDate"
            label={intl.formatMessage({ id: 'discounts.endsAfter' })}
            hint={intl.formatMessage({ id: 'discounts.endsAfterHint' })}
          >
            {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} type="date" />}
          </FormField>
          <FormField
            name="usageLimit"
            label={intl.formatMessage({ id: 'discounts.usageLimit' })}
            hint={intl.formatMessage({ id: 'discounts.usageLimitHint' })}
          >
            {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} inputMode="numeric" />}
          </FormField>
          <FormField name="perCustomerLimit" label={intl.formatMessage({ id: 'discounts.perCustomerLimit' })}>
            {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} inputMode="numeric" />}
          </FormField>
        </div>
        <CheckboxField name="isActive" label={intl.formatMessage({ id: 'discounts.enabledField' })} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            <FormattedMessage id="discounts.cancel" />
          </Button>
          <Button type="submit" disabled={pending}>
            <FormattedMessage id={pending ? 'discounts.saving' : discount ? 'discounts.save' : 'discounts.create'} />
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
