import { TZDate } from '@date-fns/tz';
import { useState } from 'react';
import { ZDiscountForm, type DiscountForm } from '../../../shared/discount-schema';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, ListCard } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Form, CheckboxField, FormField, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { useFormatMoney } from '../../lib/money';
import { useTimeZone } from '../../lib/session';
import { errorMessage } from '../../lib/trpc';
import { addDaysToKey, dateKeyOf } from '../../lib/zoned-time';
import {
  useCreateDiscount,
  useDeleteDiscount,
  useDiscounts,
  useUpdateDiscount,
  type DiscountItem,
} from './discounts-api';

const kindOptions = [
  { value: 'percent', label: 'Percent off' },
  { value: 'fixed', label: 'Fixed amount off' },
] as const;

function valueText(d: Pick<DiscountItem, 'kind' | 'value'>, money: (amount: string) => string) {
  return d.kind === 'percent' ? `${Number(d.value)}% off` : `${money(d.value)} off`;
}

/** The code's dates as whole business days; the end day is included. */
function datesText(d: DiscountItem, timeZone: string) {
  const start = d.startsAt ? dateKeyOf(d.startsAt, timeZone) : null;
  const end = d.endsAt ? addDaysToKey(dateKeyOf(d.endsAt, timeZone), -1) : null;
  if (start && end) return `${start} to ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return 'No end date';
}

function isExpired(d: DiscountItem) {
  return !!d.endsAt && new Date(d.endsAt) <= new Date();
}

/** /admin/discounts: the shop's discount codes with their uses; create, edit, switch off and delete them. */
export function DiscountsPage() {
  const discounts = useDiscounts();
  const timeZone = useTimeZone();
  const money = useFormatMoney();
  const update = useUpdateDiscount();
  const remove = useDeleteDiscount();
  const [editing, setEditing] = useState<DiscountItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DiscountItem | null>(null);

  const setActive = (d: DiscountItem, isActive: boolean) =>
    update.mutate({
      id: d.id,
      code: d.code,
      kind: d.kind,
      value: d.value,
      minSubtotal: d.minSubtotal,
      startsAt: d.startsAt,
      endsAt: d.endsAt,
      usageLimit: d.usageLimit,
      perCustomerLimit: d.perCustomerLimit,
      isActive,
    });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Discount codes</h1>
          <p className="mt-1 text-sm text-stone-600">
            Codes customers enter in their cart. Each use is counted when an order is placed.
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>New Code</Button>
      </div>

      {discounts.isLoading ? (
        <Spinner label="Loading discount codes" />
      ) : discounts.isError ? (
        <p className="text-red-700">{errorMessage(discounts.error)}</p>
      ) : discounts.data!.length === 0 ? (
        <Card>
          <CardContent className="py-10 text-center text-stone-600">No discount codes yet.</CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Discount codes">
          {discounts.data!.map((d) => (
            <li key={d.id}>
              <ListCard
                data-testid="discount-card"
                heading={
                  <>
                    <h2 className="break-all font-mono text-lg font-semibold text-stone-900">{d.code}</h2>
                    <p className="text-sm font-medium text-brand-800">{valueText(d, money)}</p>
                  </>
                }
                badge={
                  isExpired(d) ? (
                    <Badge tone="danger">Expired</Badge>
                  ) : d.isActive ? (
                    <Badge tone="success">Active</Badge>
                  ) : (
                    <Badge tone="neutral">Inactive</Badge>
                  )
                }
                actions={
                  <>
                    <label className="flex items-center gap-2 text-sm text-stone-800">
                      <Switch
                        checked={d.isActive}
                        onCheckedChange={(checked) => setActive(d, checked)}
                        disabled={update.isPending}
                        aria-label={`${d.code} active`}
                      />
                      Active
                    </label>
                    <div className="flex gap-2">
                      <Button variant="outline" size="sm" onClick={() => setEditing(d)} aria-label={`Edit ${d.code}`}>
                        Edit
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => setDeleting(d)} aria-label={`Delete ${d.code}`}>
                        Delete
                      </Button>
                    </div>
                  </>
                }
              >
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-stone-700">
                  <dt className="text-stone-600">Times used</dt>
                  <dd data-testid="times-used">
                    {d.usageLimit !== null ? `${d.timesUsed} of ${d.usageLimit}` : d.timesUsed}
                  </dd>
                  <dt className="text-stone-600">Per customer</dt>
                  <dd>{d.perCustomerLimit}</dd>
                  <dt className="text-stone-600">Minimum</dt>
                  <dd>{d.minSubtotal ? money(d.minSubtotal) : 'None'}</dd>
                  <dt className="text-stone-600">Dates</dt>
                  <dd>{datesText(d, timeZone)}</dd>
                </dl>
              </ListCard>
            </li>
          ))}
        </ul>
      )}

      {editing && (
        <DiscountDialog
          discount={editing === 'new' ? null : editing}
          timeZone={timeZone}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.code ?? 'code'}?`}
        description="Customers can no longer use it. Orders that used it keep their discount. This cannot be undone."
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id }, { onSettled: () => setDeleting(null) })}
      />
    </div>
  );
}

/** Midnight at the start of a business day, as an instant. */
function dayStart(key: string, timeZone: string): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, timeZone).toISOString();
}

function DiscountDialog({
  discount,
  timeZone,
  onClose,
}: {
  discount: DiscountItem | null;
  timeZone: string;
  onClose: () => void;
}) {
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
      endDate: discount?.endsAt ? addDaysToKey(dateKeyOf(discount.endsAt, timeZone), -1) : '',
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
      endsAt: values.endDate ? dayStart(addDaysToKey(values.endDate, 1), timeZone) : null,
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
      title={discount ? `Edit ${discount.code}` : 'New Discount Code'}
      description="Letters, digits, - and _; customers may type it in any case."
      className="max-w-xl"
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="code" label="Code">
            {({ field, ids }) => (
              <Input
                {...field}
                value={field.value ?? ''}
                {...ids}
                className="font-mono uppercase placeholder:font-sans placeholder:normal-case"
                placeholder="e.g. WELCOME10"
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField name="kind" label="Kind">
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
          <FormField name="value" label={kind === 'fixed' ? 'Amount off ($)' : 'Percent off (1 to 100)'}>
            {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} inputMode="decimal" />}
          </FormField>
          <FormField name="minSubtotal" label="Minimum subtotal ($)" hint="Leave empty for none">
            {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} inputMode="decimal" />}
          </FormField>
          <FormField name="startDate" label="Starts on" hint="Leave empty to start now">
            {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} type="date" />}
          </FormField>
          <FormField name="endDate" label="Ends after" hint="The last day it can be used">
            {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} type="date" />}
          </FormField>
          <FormField name="usageLimit" label="Usage limit" hint="Orders in all; empty for no limit">
            {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} inputMode="numeric" />}
          </FormField>
          <FormField name="perCustomerLimit" label="Uses per customer">
            {({ field, ids }) => <Input {...field} value={field.value ?? ''} {...ids} inputMode="numeric" />}
          </FormField>
        </div>
        <CheckboxField name="isActive" label="Active: customers can use it" />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : discount ? 'Save Changes' : 'Create Code'}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
