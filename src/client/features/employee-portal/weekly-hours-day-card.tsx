import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, SelectField, useZodForm } from '../../components/ui/form';
import { Switch } from '../../components/ui/switch';
import { DEFAULT_HOURS, dayNames, ZHoursChoice, type DayName } from '../../../shared/availability-schema';
import { useChangeMyWeeklyHours, type PortalWeeklyHours } from './employee-portal-api';
import { TrashIcon, timeOptions, weekdayName } from './hours-kit';
import { LocationField, WindowPlace } from '../../entities/locations/location-choices';

function AddHoursPanel({ day, onDone }: { day: DayName; onDone: () => void }) {
  const intl = useIntl();
  const change = useChangeMyWeeklyHours();
  const form = useZodForm(ZHoursChoice, {
    defaultValues: { locationId: '', startTime: DEFAULT_HOURS.startTime, endTime: DEFAULT_HOURS.endTime },
  });
  return (
    <Form
      form={form}
      aria-label={intl.formatMessage({ id: 'employeePortal.addSlotOn' }, { day: weekdayName(dayNames.indexOf(day)) })}
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3"
      onSubmit={(values) =>
        // The times the person chose (not a fixed 09:00-17:00).
        change.mutate(
          {
            dayOfWeek: day,
            available: true,
            startTime: values.startTime,
            endTime: values.endTime,
            locationId: values.locationId || undefined,
          },
          { onSuccess: onDone },
        )
      }
    >
      <LocationField />
      <div className="grid grid-cols-2 gap-2">
        <SelectField
          name="startTime"
          label={intl.formatMessage({ id: 'employeePortal.start' })}
          options={timeOptions}
        />
        <SelectField name="endTime" label={intl.formatMessage({ id: 'employeePortal.end' })} options={timeOptions} />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={change.isPending}>
          {intl.formatMessage({ id: 'employeePortal.addSlot' })}
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          {intl.formatMessage({ id: 'app.cancel' })}
        </Button>
      </div>
    </Form>
  );
}

/** One weekday of the own week: its time windows, a switch for the whole day, and a panel to add one. */
export function DayCard({ dayNumber, hours }: { dayNumber: number; hours: PortalWeeklyHours[] }) {
  const intl = useIntl();
  const name = dayNames[dayNumber]!;
  const label = weekdayName(dayNumber);
  const change = useChangeMyWeeklyHours();
  const [adding, setAdding] = useState(false);
  const available = hours.length > 0;
  const switchId = `available-${name}`;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-base capitalize">{label}</CardTitle>
        <div className="flex items-center gap-2">
          <label htmlFor={switchId} className="text-sm text-stone-700">
            {intl.formatMessage({ id: 'employeePortal.available' })}
          </label>
          <Switch
            id={switchId}
            checked={available}
            disabled={change.isPending}
            aria-label={intl.formatMessage({ id: 'employeePortal.availableOn' }, { day: label })}
            onCheckedChange={(on) =>
              change.mutate(
                on ? { dayOfWeek: name, available: true, ...DEFAULT_HOURS } : { dayOfWeek: name, available: false },
              )
            }
          />
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {hours.length === 0 ? (
          <p className="text-sm text-stone-600">{intl.formatMessage({ id: 'employeePortal.notAvailable' })}</p>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {hours.map((h) => (
              <li
                key={h.id}
                className="flex items-center justify-between rounded-lg bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-900"
              >
                <span>
                  {intl.formatMessage({ id: 'employeePortal.timeWindow' }, { start: h.startTime, end: h.endTime })}{' '}
                  <WindowPlace locationId={h.locationId} />
                </span>
                <button
                  type="button"
                  className="rounded p-1 text-stone-600 hover:bg-white hover:text-red-700"
                  aria-label={intl.formatMessage(
                    { id: 'employeePortal.deleteWindow' },
                    { start: h.startTime, end: h.endTime, day: label },
                  )}
                  disabled={change.isPending}
                  onClick={() => change.mutate({ id: h.id, action: 'delete' })}
                >
                  <TrashIcon />
                </button>
              </li>
            ))}
          </ul>
        )}
        {adding ? (
          <AddHoursPanel day={name} onDone={() => setAdding(false)} />
        ) : (
          <Button size="sm" variant="outline" className="self-start" onClick={() => setAdding(true)}>
            {intl.formatMessage({ id: 'employeePortal.addTimeSlot' })}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
