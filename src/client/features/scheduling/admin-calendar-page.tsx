import { useId, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AppointmentStatusBadge } from '../../entities/appointments/appointment-status-badge';
import { DepositStatus } from '../../entities/appointments/deposit-status';
import { RemindersSent } from '../../entities/appointments/reminders-sent';
import { WeekSchedule } from '../../entities/schedule/week-schedule';
import { buildWeek } from '../../entities/schedule/week-days';
import { addDaysToKey, dateKeyOf, dayLabelOf, timeOf, todayIn, weekOf } from '../../lib/zoned-time';
import { appointmentStatusLabel, appointmentStatuses } from '../../../shared/appointment-schema';
import {
  useCalendarAppointments,
  useCalendarStatus,
  useDepositRefund,
  useEmployeeWeeklyHours,
  useOverrides,
  useStaff,
  type CalendarAppointment,
} from './scheduling-api';
import { useCurrentUser, useTimeZone } from '../../lib/session';
import { can } from '../../../shared/roles';
import { Button } from '../../components/ui/button';

// The upcoming list covers the next seven days.
const UPCOMING_DAYS = 7;
const ALL = 'all';

const statusOptions = appointmentStatuses.map((s) => ({ value: s, label: appointmentStatusLabel(s) }));

/** The deposit's state and, for staff who issue refunds, Refund Deposit while it is paid. */
function DepositRefund({ appointment }: { appointment: CalendarAppointment }) {
  const { user } = useCurrentUser();
  const refund = useDepositRefund();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <DepositStatus appointment={appointment} />
      {appointment.paymentStatus === 'paid' && can(user, 'payments.refunds') && (
        <Button
          size="sm"
          variant="outline"
          disabled={refund.isPending}
          onClick={() => refund.mutate({ id: appointment.id })}
        >
          Refund Deposit
        </Button>
      )}
    </div>
  );
}

function AppointmentRow({
  appointment: a,
  timeZone,
  showDate,
}: {
  appointment: CalendarAppointment;
  timeZone: string;
  showDate?: boolean;
}) {
  const setStatus = useCalendarStatus();
  const service = a.service?.name ?? 'Service';
  const time = timeOf(a.dateTime, timeZone);
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold text-stone-900">
          {showDate && `${dayLabelOf(dateKeyOf(a.dateTime, timeZone))} · `}
          {time} · {service}
        </p>
        <p className="text-sm text-stone-700">
          {a.customer.firstName} {a.customer.lastName}
          {a.customer.email && <span className="text-stone-600"> · {a.customer.email}</span>}
        </p>
        <p className="text-sm text-stone-600">
          with {a.employee.firstName} {a.employee.lastName} · {a.duration} min
        </p>
        {a.notes && <p className="text-sm italic text-stone-600">{a.notes}</p>}
        <RemindersSent appointment={a} timeZone={timeZone} />
        <DepositRefund appointment={a} />
      </div>
      <div className="flex items-center gap-2">
        <AppointmentStatusBadge status={a.status} />
        <Select
          className="w-36"
          aria-label={`Status of ${service} at ${time}${showDate ? ` on ${dayLabelOf(dateKeyOf(a.dateTime, timeZone))}` : ''} with ${a.customer.firstName} ${a.customer.lastName}`}
          value={a.status}
          disabled={setStatus.isPending}
          onValueChange={(status) => setStatus.mutate({ id: a.id, status: status as CalendarAppointment['status'] })}
          options={statusOptions}
        />
      </div>
    </li>
  );
}

function AppointmentList({
  items,
  timeZone,
  empty,
  showDate,
  label,
}: {
  items: CalendarAppointment[];
  timeZone: string;
  empty: string;
  showDate?: boolean;
  label: string;
}) {
  if (items.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">{empty}</p>
    );
  return (
    // A long day scrolls inside its card; the list is focusable so keyboards can scroll it too.
    <ul className="flex max-h-[40rem] flex-col gap-2 overflow-y-auto" tabIndex={0} aria-label={label}>
      {items.map((a) => (
        <AppointmentRow key={a.id} appointment={a} timeZone={timeZone} showDate={showDate} />
      ))}
    </ul>
  );
}

function WeekView({ date, employeeId, timeZone }: { date: string; employeeId?: string; timeZone: string }) {
  const week = weekOf(date);
  const appointments = useCalendarAppointments({ from: week[0], to: week[6], employeeId });
  const weekly = useEmployeeWeeklyHours(employeeId);
  const overrides = useOverrides(employeeId, week[0]!, week[6]);
  if (appointments.isLoading) return <Spinner />;
  const days = buildWeek(date, timeZone, {
    weekly: weekly.data ?? [],
    overrides: overrides.data ?? [],
    appointments: appointments.data ?? [],
  }).map((day) => ({
    ...day,
    // Everyone's week has no single working hours; one employee's shows theirs.
    hours: employeeId ? day.hours : undefined,
    items: day.items.map((item) => {
      const a = appointments.data!.find((x) => x.id === item.id)!;
      return { ...item, detail: employeeId ? item.detail : `${item.detail} · ${a.employee.firstName}` };
    }),
  }));
  return <WeekSchedule days={days} />;
}

/** /admin/calendar: one date's appointments, the next seven days, and a week at a glance; status set from here. */
export function AdminCalendarPage() {
  const id = useId();
  const timeZone = useTimeZone();
  const today = todayIn(timeZone);
  const [date, setDate] = useState(today);
  const [employee, setEmployee] = useState(ALL);
  const staff = useStaff();
  const employeeId = employee === ALL ? undefined : employee;
  const day = useCalendarAppointments({ from: date, to: date, employeeId });
  const upcoming = useCalendarAppointments({ from: today, to: addDaysToKey(today, UPCOMING_DAYS), employeeId });
  const now = new Date().toISOString();
  const upcomingItems = (upcoming.data ?? []).filter((a) => a.dateTime >= now);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Calendar</h1>
        <p className="text-stone-600">Appointments by date; change a status from its selector.</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-date`} className="text-sm font-medium text-stone-800">
            Date
          </label>
          <Input
            id={`${id}-date`}
            type="date"
            value={date}
            onChange={(e) => e.target.value && setDate(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-employee`} className="text-sm font-medium text-stone-800">
            Employee
          </label>
          <Select
            id={`${id}-employee`}
            value={employee}
            onValueChange={setEmployee}
            options={[
              { value: ALL, label: 'All employees' },
              ...(staff.data ?? []).map((s) => ({ value: s.id, label: `${s.firstName} ${s.lastName}` })),
            ]}
          />
        </div>
      </div>
      <Tabs defaultValue="day">
        <TabsList aria-label="Calendar view">
          <TabsTrigger value="day">Day</TabsTrigger>
          <TabsTrigger value="week">Week</TabsTrigger>
        </TabsList>
        <TabsContent value="day">
          <div className="grid gap-6 xl:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>Appointments on {dayLabelOf(date, 'EEEE, MMMM d, yyyy')}</CardTitle>
              </CardHeader>
              <CardContent>
                {day.isLoading ? (
                  <Spinner />
                ) : (
                  <AppointmentList
                    items={day.data ?? []}
                    timeZone={timeZone}
                    empty="No appointments on this date"
                    label="Appointments on the selected date"
                  />
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Upcoming (Next 7 Days)</CardTitle>
              </CardHeader>
              <CardContent>
                {upcoming.isLoading ? (
                  <Spinner />
                ) : (
                  <AppointmentList
                    items={upcomingItems}
                    timeZone={timeZone}
                    empty="No upcoming appointments in the next 7 days"
                    showDate
                    label="Upcoming appointments"
                  />
                )}
              </CardContent>
            </Card>
          </div>
        </TabsContent>
        <TabsContent value="week">
          <WeekView date={date} employeeId={employeeId} timeZone={timeZone} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
