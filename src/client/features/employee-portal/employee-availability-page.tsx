import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Form, FormField, SelectField, TextField, useZodForm } from '../../components/ui/form';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { dayLabelOf, todayIn } from '../../lib/zoned-time';
import {
  DEFAULT_HOURS,
  dayLabels,
  dayNames,
  halfHourOptions,
  minutesOf,
  standardBusinessDays,
  totalHours,
  weekOrder,
  ZCreateOverrideInput,
  ZHoursChoice,
  type DayName,
} from '../../../shared/availability-schema';
import {
  useAddOverride,
  useChangeMyWeeklyHours,
  useDeleteOverride,
  useMyOverrides,
  useMyWeeklyHours,
  useReplaceWeek,
  type PortalWeeklyHours,
} from './employee-portal-api';
import { useEmployee } from './employee-portal-api';
import { useTimeZone } from '../../lib/session';

const timeOptions = halfHourOptions.map((t) => ({ value: t, label: t }));

function TrashIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}

function AddHoursPanel({ day, onDone }: { day: DayName; onDone: () => void }) {
  const change = useChangeMyWeeklyHours();
  const form = useZodForm(ZHoursChoice, {
    defaultValues: { startTime: DEFAULT_HOURS.startTime, endTime: DEFAULT_HOURS.endTime },
  });
  return (
    <Form
      form={form}
      aria-label={`Add time slot on ${dayLabels[dayNames.indexOf(day)]}`}
      className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-stone-50 p-3"
      onSubmit={(values) =>
        // The times the person chose (not a fixed 09:00-17:00).
        change.mutate(
          { dayOfWeek: day, available: true, startTime: values.startTime, endTime: values.endTime },
          { onSuccess: onDone },
        )
      }
    >
      <div className="grid grid-cols-2 gap-2">
        <SelectField name="startTime" label="Start" options={timeOptions} />
        <SelectField name="endTime" label="End" options={timeOptions} />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={change.isPending}>
          Add Slot
        </Button>
        <Button size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function DayCard({ dayNumber, hours }: { dayNumber: number; hours: PortalWeeklyHours[] }) {
  const name = dayNames[dayNumber]!;
  const label = dayLabels[dayNumber]!;
  const change = useChangeMyWeeklyHours();
  const [adding, setAdding] = useState(false);
  const available = hours.length > 0;
  const switchId = `available-${name}`;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-base">{label}</CardTitle>
        <div className="flex items-center gap-2">
          <label htmlFor={switchId} className="text-sm text-stone-700">
            Available
          </label>
          <Switch
            id={switchId}
            checked={available}
            disabled={change.isPending}
            aria-label={`Available on ${label}`}
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
          <p className="text-sm text-stone-600">Not available</p>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {hours.map((h) => (
              <li
                key={h.id}
                className="flex items-center justify-between rounded-lg bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-900"
              >
                {h.startTime} - {h.endTime}
                <button
                  type="button"
                  className="rounded p-1 text-stone-600 hover:bg-white hover:text-red-700"
                  aria-label={`Delete ${h.startTime} - ${h.endTime} on ${label}`}
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
            + Add Time Slot
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function QuickActions({ hours }: { hours: PortalWeeklyHours[] }) {
  const replace = useReplaceWeek();
  const [confirming, setConfirming] = useState(false);
  const weekend = hours.filter(
    (s) => !(standardBusinessDays as readonly number[]).includes(dayNames.indexOf(s.dayOfWeek)),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Button
          variant="secondary"
          disabled={replace.isPending}
          onClick={() =>
            // Monday to Friday become 09:00-17:00; the weekend stays as it is.
            replace.mutate({
              availability: [
                ...standardBusinessDays.map((dayOfWeek) => ({ dayOfWeek, ...DEFAULT_HOURS, isAvailable: true })),
                ...weekend.map((s) => ({
                  dayOfWeek: dayNames.indexOf(s.dayOfWeek),
                  startTime: s.startTime,
                  endTime: s.endTime,
                  isAvailable: true,
                })),
              ],
            })
          }
        >
          Set Standard Business Hours
        </Button>
        <Button
          variant="destructive-outline"
          disabled={replace.isPending || hours.length === 0}
          onClick={() => setConfirming(true)}
        >
          Clear All Availability
        </Button>
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title="Clear All Availability"
          description="Are you sure you want to clear all availability?"
          confirmLabel="Clear All"
          destructive
          pending={replace.isPending}
          onConfirm={() => replace.mutate({ availability: [] }, { onSuccess: () => setConfirming(false) })}
        />
      </CardContent>
    </Card>
  );
}

function Statistics({ hours }: { hours: PortalWeeklyHours[] }) {
  const days = new Set(hours.map((s) => s.dayOfWeek)).size;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Statistics</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3">
          <div>
            <dt className="text-sm text-stone-600">Available Days</dt>
            <dd className="text-xl font-bold text-stone-900">{days} / 7</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600">Total Hours/Week</dt>
            <dd className="text-xl font-bold text-stone-900">{totalHours(hours)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function DateOverrides({ employeeId }: { employeeId: string }) {
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
                  <span className="font-medium">{dayLabelOf(o.date, 'EEE, MMM d, yyyy')}</span>{' '}
                  {o.isAvailable ? `${o.startTime} - ${o.endTime}` : 'Day off'}
                </span>
                <button
                  type="button"
                  className="rounded p-1 text-stone-600 hover:bg-white hover:text-red-700"
                  aria-label={`Remove ${o.isAvailable ? `special hours ${o.startTime} - ${o.endTime}` : 'day off'} on ${dayLabelOf(o.date, 'MMM d, yyyy')}`}
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

/** /employee/availability: the person's own week, day by day, plus dates that differ from it. */
export function EmployeeAvailabilityPage() {
  const { data: user } = useEmployee();
  const week = useMyWeeklyHours();
  const list = [...(week.data ?? [])].sort((a, b) => minutesOf(a.startTime) - minutesOf(b.startTime));
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">My Availability</h1>
        <p className="text-stone-600">Set the hours you can take appointments each week.</p>
      </div>
      {week.isLoading || !user ? (
        <Spinner />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <div className="grid gap-3 sm:grid-cols-2">
            {weekOrder.map((day) => (
              <DayCard key={day} dayNumber={day} hours={list.filter((s) => s.dayOfWeek === dayNames[day])} />
            ))}
          </div>
          <div className="flex flex-col gap-3">
            <QuickActions hours={list} />
            <Statistics hours={list} />
            <DateOverrides employeeId={user.id} />
          </div>
        </div>
      )}
    </div>
  );
}
