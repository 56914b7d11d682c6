import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Form, SelectField, useZodForm } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import {
  dayLabels,
  halfHourOptions,
  minutesOf,
  weekOrder,
  ZWeeklyHoursForm,
} from '../../../shared/availability-schema';
import {
  useAddWeeklyHours,
  useAllWeeklyHours,
  useDeleteWeeklyHours,
  useStaff,
  type WeeklyHours,
  type StaffMember,
} from './scheduling-api';

const timeOptions = halfHourOptions.map((t) => ({ value: t, label: t }));
const dayOptions = weekOrder.map((d) => ({ value: String(d), label: dayLabels[d]! }));

function AddScheduleDialog({ open, onClose, staff }: { open: boolean; onClose: () => void; staff: StaffMember[] }) {
  const add = useAddWeeklyHours();
  const toast = useToast();
  const form = useZodForm(ZWeeklyHoursForm, {
    defaultValues: { employeeId: '', dayOfWeek: '1', startTime: '09:00', endTime: '17:00' },
  });
  return (
    <Dialog open={open} onClose={onClose} title="Add Schedule" description="A weekly time slot for an employee.">
      <Form
        form={form}
        aria-label="Add schedule"
        className="flex flex-col gap-4"
        onSubmit={(values) => {
          if (!values.employeeId) {
            toast({
              title: 'Employee Required',
              description: 'Please select an employee first.',
              variant: 'destructive',
            });
            return;
          }
          add.mutate(
            {
              employeeId: values.employeeId,
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
          label="Employee"
          placeholder="Select an employee"
          options={staff.map((s) => ({ value: s.id, label: `${s.firstName} ${s.lastName} (${s.email})` }))}
        />
        <SelectField name="dayOfWeek" label="Day" options={dayOptions} />
        <div className="grid grid-cols-2 gap-3">
          <SelectField name="startTime" label="Start Time" options={timeOptions} />
          <SelectField name="endTime" label="End Time" options={timeOptions} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add Schedule'}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

function EmployeeCard({ person, week }: { person: StaffMember; week: WeeklyHours[] }) {
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
        <p className="text-sm text-stone-700">{perWeek.toFixed(1)} hours/week</p>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2 md:grid-cols-7" aria-label={`Weekly schedule of ${name}`}>
          {weekOrder.map((day) => {
            const hours = week
              .filter((h) => h.dayOfWeek === day)
              .sort((a, b) => minutesOf(a.startTime) - minutesOf(b.startTime));
            return (
              <li key={day} className="flex items-start gap-2 rounded-lg border border-stone-200 p-2 md:flex-col">
                <h3 className="w-24 shrink-0 text-sm font-semibold text-stone-900 md:w-auto">{dayLabels[day]}</h3>
                {hours.length === 0 ? (
                  <p className="text-xs text-stone-600">Off</p>
                ) : (
                  <ul className="flex flex-1 flex-wrap gap-1 md:flex-col">
                    {hours.map((h) => (
                      <li
                        key={h.id}
                        className="flex items-center gap-0.5 whitespace-nowrap rounded-md bg-brand-50 py-0.5 pl-1.5 text-xs font-medium text-brand-900"
                      >
                        {h.startTime} - {h.endTime}
                        <button
                          type="button"
                          className="rounded p-0.5 text-stone-600 hover:bg-white hover:text-red-700"
                          aria-label={`Delete ${dayLabels[day]} ${h.startTime} - ${h.endTime} for ${name}`}
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

/** /admin/employee-schedules (admins): everyone's weekly hours, added and removed one time window at a time. */
export function EmployeeSchedulesPage() {
  const staff = useStaff();
  const weeklyHours = useAllWeeklyHours();
  const [adding, setAdding] = useState(false);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Employee Schedules</h1>
          <p className="text-stone-600">Weekly working hours of every employee, Monday to Sunday.</p>
        </div>
        <Button onClick={() => setAdding(true)}>+ Add Schedule</Button>
      </div>
      {staff.isLoading || weeklyHours.isLoading ? (
        <Spinner />
      ) : (staff.data ?? []).length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
          No employees yet
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          {staff.data!.map((person) => (
            <EmployeeCard
              key={person.id}
              person={person}
              week={(weeklyHours.data ?? []).filter((h) => h.employeeId === person.id)}
            />
          ))}
        </div>
      )}
      <AddScheduleDialog open={adding} onClose={() => setAdding(false)} staff={staff.data ?? []} />
    </div>
  );
}
