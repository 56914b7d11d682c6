import { useId, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { AppointmentList } from './appointment-list';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { WeekSchedule } from '../../entities/schedule/week-schedule';
import { buildWeek } from '../../entities/schedule/week-days';
import { addDaysToKey, dayLabelOf, todayIn, weekOf } from '../../lib/zoned-time';
import { useCalendarAppointments, useEmployeeWeeklyHours, useOverrides, useStaff } from './scheduling-api';
import { useTimeZone } from '../../lib/session';

// The upcoming list covers the next seven days.
const UPCOMING_DAYS = 7;
const ALL = 'all';

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
                <CardTitle>Appointments on {dayLabelOf(date, 'long')}</CardTitle>
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
