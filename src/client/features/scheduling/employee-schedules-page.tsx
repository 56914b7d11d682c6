import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Form, SelectField, useZodForm } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { halfHourOptions, minutesOf, weekOrder, ZWeeklyHoursForm } from '../../../shared/availability-schema';
import {
  useAddWeeklyHours,
  useAllWeeklyHours,
  useDeleteWeeklyHours,
  useStaff,
  type WeeklyHours,
  type StaffMember,
} from './scheduling-api';
import {
  ALL_LOCATIONS,
  atLocation,
  LocationField,
  LocationFilter,
  WindowPlace,
} from '../../entities/locations/location-choices';

const timeOptions = halfHourOptions.map((t) => ({ value: t, label: t }));

function AddScheduleDialog({ open, onClose, staff }: { open: boolean; onClose: () => void; staff: StaffMember[] }) {
  const intl = useIntl();
  const add = useAddWeeklyHours();
  const toast = useToast();
  const dayOptions = weekOrder.map((day) => ({
    value: String(day),
    label: intl.formatMessage({ id: 'scheduling.weekday' }, { day }),
  }));
  const form = useZodForm(ZWeeklyHoursForm, {
    defaultValues: { employeeId: '', locationId: '', dayOfWeek: '1', startTime: '09:00', endTime: '17:00' },
  });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={intl.formatMessage({ id: 'scheduling.addScheduleTitle' })}
      description={intl.formatMessage({ id: 'scheduling.addScheduleDescription' })}
    >
      <Form
        form={form}
        aria-label={intl.formatMessage({ id: 'scheduling.addScheduleForm' })}
        className="flex flex-col gap-4"
        onSubmit={(values) => {
          if (!values.employeeId) {
            toast({
              title: intl.formatMessage({ id: 'scheduling.employeeRequired' }),
              description: intl.formatMessage({ id: 'scheduling.selectEmployeeFirst' }),
              variant: 'destructive',
            });
            return;
          }
          add.mutate(
            {
              employeeId: values.employeeId,
              locationId: values.locationId || undefined,
              dayOfWeek: Number(values.dayOfWeek),
              startTime: values.startTime,
              endTime: values.endTime,
              isAvailable: true,
            },
            {
              onSuccess: () => {
                form.reset({ ...values });
                onClose();
              },
            },
          );
        }}
      >
        <SelectField
          name="employeeId"
          label={intl.formatMessage({ id: 'scheduling.employee' })}
          placeholder={intl.formatMessage({ id: 'scheduling.selectEmployee' })}
          options={staff.map((s) => ({
            value: s.id,
            label: intl.formatMessage(
              { id: 'scheduling.employeeOption' },
              { name: `${s.firstName} ${s.lastName}`, email: s.email },
            ),
          }))}
        />
        <LocationField />
        <SelectField name="dayOfWeek" label={intl.formatMessage({ id: 'scheduling.day' })} options={dayOptions} />
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            name="startTime"
            label={intl.formatMessage({ id: 'scheduling.startTime' })}
            options={timeOptions}
          />
          <SelectField name="endTime" label={intl.formatMessage({ id: 'scheduling.endTime' })} options={timeOptions} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            <FormattedMessage id="scheduling.cancel" />
          </Button>
          <Button type="submit" disabled={add.isPending}>
            <FormattedMessage id={add.isPending ? 'scheduling.adding' : 'scheduling.addSchedule'} />
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

function EmployeeCard({ person, week }: { person: StaffMember; week: WeeklyHours[] }) {
  const intl = useIntl();
  const remove = useDeleteWeeklyHours();
  const name = `${person.firstName} ${person.lastName}`;
  const perWeek = week.reduce((sum, h) => sum + (minutesOf(h.endTime) - minutesOf(h.startTime)), 0) / 60;
  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-baseline sm:justify-between">
        <div>
          <CardTitle>{name}</CardTitle>
          <p className="text-sm text-stone-600">{person.email}</p>
        </div>
        <p className="text-sm text-stone-700">
          <FormattedMessage
            id="scheduling.hoursPerWeek"
            values={{ hours: intl.formatNumber(perWeek, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }}
          />
        </p>
      </CardHeader>
      <CardContent>
        <ol
          className="grid gap-2 md:grid-cols-7"
          aria-label={intl.formatMessage({ id: 'scheduling.weeklyScheduleOf' }, { name })}
        >
          {weekOrder.map((day) => {
            const dayName = intl.formatMessage({ id: 'scheduling.weekday' }, { day });
            const hours = week
              .filter((h) => h.dayOfWeek === day)
              .sort((a, b) => minutesOf(a.startTime) - minutesOf(b.startTime));
            return (
              <li key={day} className="flex items-start gap-2 rounded-lg border border-stone-200 p-2 md:flex-col">
                <h3 className="w-24 shrink-0 text-sm font-semibold text-stone-900 md:w-auto">{dayName}</h3>
                {hours.length === 0 ? (
                  <p className="text-xs text-stone-600">
                    <FormattedMessage id="scheduling.off" />
                  </p>
                ) : (
                  <ul className="flex flex-1 flex-wrap gap-1 md:flex-col">
                    {hours.map((h) => (
                      <li
                        key={h.id}
                        className="flex min-w-0 items-center gap-0.5 rounded-md bg-brand-50 py-0.5 pl-1.5 text-xs font-medium text-brand-900"
                      >
                        {/* The times stay whole; a location's name wraps in a narrow column. */}
                        <span className="min-w-0 break-words">
                          <span className="whitespace-nowrap">
                            {h.startTime} - {h.endTime}
                          </span>{' '}
                          <WindowPlace locationId={h.locationId} />
                        </span>
                        <button
                          type="button"
                          className="rounded p-0.5 text-stone-600 hover:bg-white hover:text-red-700"
                          aria-label={intl.formatMessage(
                            { id: 'scheduling.deleteSlot' },
                            { day: dayName, start: h.startTime, end: h.endTime, name },
                          )}
                          disabled={remove.isPending}
                          onClick={() => remove.mutate({ id: h.id })}
                        >
                          <svg
                            viewBox="0 0 24 24"
                            width="14"
                            height="14"
                            fill="none"
                            stroke="currentColor"
                            strokeWidth="2"
                            strokeLinecap="round"
                            aria-hidden="true"
                          >
                            <path d="M6 6l12 12M18 6L6 18" />
                          </svg>
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}

/**
 * /admin/employee-schedules (admins): everyone's weekly hours, added and removed one time window at a time; with more
 * than one location, each window says where and the page filters by location.
 */
export function EmployeeSchedulesPage() {
  const staff = useStaff();
  const weeklyHours = useAllWeeklyHours();
  const [adding, setAdding] = useState(false);
  const [place, setPlace] = useState(ALL_LOCATIONS);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id="scheduling.employeeSchedules" />
          </h1>
          <p className="text-stone-600">
            <FormattedMessage id="scheduling.employeeSchedulesIntro" />
          </p>
        </div>
        <Button onClick={() => setAdding(true)}>
          <FormattedMessage id="scheduling.addScheduleButton" />
        </Button>
      </div>
      <LocationFilter value={place} onChange={setPlace} className="sm:max-w-xs" />
      {staff.isLoading || weeklyHours.isLoading ? (
        <Spinner />
      ) : (staff.data ?? []).length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
          <FormattedMessage id="scheduling.noEmployees" />
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          {staff.data!.map((person) => (
            <EmployeeCard
              key={person.id}
              person={person}
              week={atLocation(weeklyHours.data, place).filter((h) => h.employeeId === person.id)}
            />
          ))}
        </div>
      )}
      <AddScheduleDialog open={adding} onClose={() => setAdding(false)} staff={staff.data ?? []} />
    </div>
  );
}
