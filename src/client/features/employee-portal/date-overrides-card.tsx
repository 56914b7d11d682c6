import { useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, FormField, SelectField, TextField, useZodForm } from '../../components/ui/form';
import { Select } from '../../components/ui/select';
import { useTimeZone } from '../../lib/session';
import { dayLabelOf, todayIn } from '../../lib/zoned-time';
import { DEFAULT_HOURS, ZCreateOverrideInput } from '../../../shared/availability-schema';
import { useAddOverride, useDeleteOverride, useMyOverrides } from './employee-portal-api';
import { TrashIcon, timeOptions } from './hours-kit';
import { LocationField, WindowPlace } from '../../entities/locations/location-choices';

export function DateOverrides({ employeeId }: { employeeId: string }) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const today = todayIn(timeZone);
  const overrides = useMyOverrides(employeeId, today);
  const add = useAddOverride();
  const remove = useDeleteOverride();
  const form = useZodForm(ZCreateOverrideInput, {
    defaultValues: {
      date: '',
      isAvailable: false,
      locationId: '',
      startTime: DEFAULT_HOURS.startTime,
      endTime: DEFAULT_HOURS.endTime,
    },
  });
  const special = form.watch('isAvailable');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{intl.formatMessage({ id: 'employeePortal.overridesTitle' })}</CardTitle>
        <p className="text-sm text-stone-600">{intl.formatMessage({ id: 'employeePortal.overridesIntro' })}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {(overrides.data ?? []).length === 0 ? (
          <p className="text-sm text-stone-600">{intl.formatMessage({ id: 'employeePortal.noOverrides' })}</p>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {overrides.data!.map((o) => (
              <li
                key={o.id}
                className="flex items-center justify-between gap-2 rounded-lg bg-stone-100 px-3 py-1.5 text-sm"
              >
                <span>
                  <span className="font-medium">{dayLabelOf(o.date, 'weekdayMonthDayYear')}</span>{' '}
                  {o.isAvailable ? (
                    <>
                      {intl.formatMessage({ id: 'employeePortal.timeWindow' }, { start: o.startTime, end: o.endTime })}{' '}
                      <WindowPlace locationId={o.locationId} />
                    </>
                  ) : (
                    intl.formatMessage({ id: 'employeePortal.dayOff' })
                  )}
                </span>
                <button
                  type="button"
                  className="rounded p-1 text-stone-600 hover:bg-white hover:text-red-700"
                  aria-label={
                    o.isAvailable
                      ? intl.formatMessage(
                          { id: 'employeePortal.removeSpecialHours' },
                          { start: o.startTime, end: o.endTime, date: dayLabelOf(o.date, 'monthDayYear') },
                        )
                      : intl.formatMessage(
                          { id: 'employeePortal.removeDayOff' },
                          { date: dayLabelOf(o.date, 'monthDayYear') },
                        )
                  }
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
          aria-label={intl.formatMessage({ id: 'employeePortal.addOverride' })}
          className="flex flex-col gap-3 border-t border-stone-200 pt-4"
          onSubmit={(values) =>
            // A day off is off at every location; special hours are worked at one.
            add.mutate(
              values.isAvailable
                ? { ...values, locationId: values.locationId || undefined }
                : { date: values.date, isAvailable: false },
              { onSuccess: () => form.reset({ ...values, date: '' }) },
            )
          }
        >
          <div className="grid grid-cols-2 gap-2">
            <TextField name="date" label={intl.formatMessage({ id: 'employeePortal.date' })} type="date" min={today} />
            <FormField name="isAvailable" label={intl.formatMessage({ id: 'employeePortal.type' })}>
              {({ field, ids }) => (
                <Select
                  {...ids}
                  value={field.value ? 'special' : 'off'}
                  onValueChange={(v) => field.onChange(v === 'special')}
                  options={[
                    { value: 'off', label: intl.formatMessage({ id: 'employeePortal.dayOff' }) },
                    { value: 'special', label: intl.formatMessage({ id: 'employeePortal.specialHours' }) },
                  ]}
                />
              )}
            </FormField>
          </div>
          {special && <LocationField />}
          {special && (
            <div className="grid grid-cols-2 gap-2">
              <SelectField
                name="startTime"
                label={intl.formatMessage({ id: 'employeePortal.start' })}
                options={timeOptions}
              />
              <SelectField
                name="endTime"
                label={intl.formatMessage({ id: 'employeePortal.end' })}
                options={timeOptions}
              />
            </div>
          )}
          <Button type="submit" size="sm" variant="secondary" className="self-start" disabled={add.isPending}>
            {intl.formatMessage({ id: special ? 'employeePortal.addSpecialHours' : 'employeePortal.addDayOff' })}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
