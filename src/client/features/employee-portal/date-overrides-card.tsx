import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, FormField, SelectField, TextField, useZodForm } from '../../components/ui/form';
import { Select } from '../../components/ui/select';
import { useTimeZone } from '../../lib/session';
import { dayLabelOf, todayIn } from '../../lib/zoned-time';
import { DEFAULT_HOURS, ZCreateOverrideInput } from '../../../shared/availability-schema';
import { useAddOverride, useDeleteOverride, useMyOverrides } from './employee-portal-api';
import { TrashIcon, timeOptions } from './hours-kit';

export function DateOverrides({ employeeId }: { employeeId: string }) {
  const timeZone = useTimeZone();
  const today = todayIn(timeZone);
  const overrides = useMyOverrides(employeeId, today);
  const add = useAddOverride();
  const remove = useDeleteOverride();
  const form = useZodForm(ZCreateOverrideInput, {
    defaultValues: { date: '', isAvailable: false, startTime: DEFAULT_HOURS.startTime, endTime: DEFAULT_HOURS.endTime },
  });
  const special = form.watch('isAvailable');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Days Off &amp; Special Hours</CardTitle>
        <p className="text-sm text-stone-600">A date here replaces that weekday's usual hours.</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {(overrides.data ?? []).length === 0 ? (
          <p className="text-sm text-stone-600">No days off or special hours ahead.</p>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {overrides.data!.map((o) => (
              <li
                key={o.id}
                className="flex items-center justify-between gap-2 rounded-lg bg-stone-100 px-3 py-1.5 text-sm"
              >
                <span>
                  <span className="font-medium">{dayLabelOf(o.date, 'weekdayMonthDayYear')}</span>{' '}
                  {o.isAvailable ? `${o.startTime} - ${o.endTime}` : 'Day off'}
                </span>
                <button
                  type="button"
                  className="rounded p-1 text-stone-600 hover:bg-white hover:text-red-700"
                  aria-label={`Remove ${o.isAvailable ? `special hours ${o.startTime} - ${o.endTime}` : 'day off'} on ${dayLabelOf(o.date, 'monthDayYear')}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ id: o.id })}
                >
                  <TrashIcon />
                </button>
              </li>
            ))}
          </ul>
        )}
        <Form
          form={form}
          aria-label="Add a day off or special hours"
          className="flex flex-col gap-3 border-t border-stone-200 pt-4"
          onSubmit={(values) =>
            add.mutate(values.isAvailable ? values : { date: values.date, isAvailable: false }, {
              onSuccess: () =>
                form.reset({
                  date: '',
                  isAvailable: values.isAvailable,
                  startTime: values.startTime,
                  endTime: values.endTime,
                }),
            })
          }
        >
          <div className="grid grid-cols-2 gap-2">
            <TextField name="date" label="Date" type="date" min={today} />
            <FormField name="isAvailable" label="Type">
              {({ field, ids }) => (
                <Select
                  {...ids}
                  value={field.value ? 'special' : 'off'}
                  onValueChange={(v) => field.onChange(v === 'special')}
                  options={[
                    { value: 'off', label: 'Day off' },
                    { value: 'special', label: 'Special hours' },
                  ]}
                />
              )}
            </FormField>
          </div>
          {special && (
            <div className="grid grid-cols-2 gap-2">
              <SelectField name="startTime" label="Start" options={timeOptions} />
              <SelectField name="endTime" label="End" options={timeOptions} />
            </div>
          )}
          <Button type="submit" size="sm" variant="secondary" className="self-start" disabled={add.isPending}>
            {special ? 'Add Special Hours' : 'Add Day Off'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
