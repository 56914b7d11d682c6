import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { AppointmentList } from './appointment-list';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { BusyBlock, WeekSchedule } from '../../entities/schedule/week-schedule';
import { buildWeek, busyOnDates } from '../../entities/schedule/week-days';
import { dayLabelOf, todayIn } from '../../lib/zoned-time';
import { addCalendarDays, weekOf } from '../../../shared/date-key';
import {
  useCalendarAppointments,
  useCalendarBusy,
  useEmployeeWeeklyHours,
  useOverrides,
  useStaff,
  type StaffMember,
} from './scheduling-api';
import { useTimeZone } from '../../lib/session';
import { ALL_LOCATIONS, atLocation, LocationFilter } from '../../entities/locations/location-choices';
import { ExportCsvLink } from '../../entities/csv/export-csv-link';

// The upcoming list covers the next seven days.
const UPCOMING_DAYS = 7;
const ALL = 'all';

/** Who a busy time belongs to, when the view shows everyone. */
const nameOf = (staff: StaffMember[] | undefined, employeeId: string) => {
  const s = staff?.find((x) => x.id === employeeId);
  return s ? `${s.firstName} ${s.lastName}`.trim() : undefined;
};

function WeekView({
  date,
  employeeId,
  place,
  timeZone,
  staff,
}: {
  date: string;
  employeeId?: string;
  /** The location filter's value. */
  place: string;
  timeZone: string;
  staff?: StaffMember[];
}) {
  const intl = useIntl();
  const week = weekOf(date);
  const query = useCalendarAppointments({ from: week[0], to: week[6], employeeId });
  const appointments = { ...query, data: query.data && atLocation(query.data, place) };
  const busy = useCalendarBusy({ from: week[0]!, to: week[6]!, employeeId });
  const weekly = useEmployeeWeeklyHours(employeeId);
  const overrides = useOverrides(employeeId, week[0]!, week[6]);
  if (appointments.isLoading) return <Spinner />;
  const days = buildWeek(
    date,
    timeZone,
    {
      weekly: weekly.data ?? [],
      overrides: overrides.data ?? [],
      appointments: appointments.data ?? [],
      busy: busy.data ?? [],
    },
    intl,
    employeeId ? undefined : (id) => nameOf(staff, id),
  ).map((day) => ({
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
  const intl = useIntl();
  const id = useId();
  const timeZone = useTimeZone();
  const today = todayIn(timeZone);
  const [date, setDate] = useState(today);
  const [employee, setEmployee] = useState(ALL);
  const [place, setPlace] = useState(ALL_LOCATIONS);
  const staff = useStaff();
  const employeeId = employee === ALL ? undefined : employee;
  const dayQuery = useCalendarAppointments({ from: date, to: date, employeeId });
  const day = { ...dayQuery, data: dayQuery.data && atLocation(dayQuery.data, place) };
  const dayBusy = useCalendarBusy({ from: date, to: date, employeeId });
  const busyToday =
    busyOnDates(dayBusy.data ?? [], timeZone, intl, employeeId ? undefined : (id) => nameOf(staff.data, id)).get(
      date,
    ) ?? [];
  const upcoming = useCalendarAppointments({ from: today, to: addCalendarDays(today, UPCOMING_DAYS), employeeId });
  const now = new Date().toISOString();
  const upcomingItems = atLocation(upcoming.data, place).filter((a) => a.dateTime >= now);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">
            <FormattedMessage id="scheduling.calendar" />
          </h1>
          <p className="text-stone-600">
            <FormattedMessage id="scheduling.calendarIntro" />
          </p>
        </div>
        {/* The day on show, as the calendar lists it. */}
        <ExportCsvLink kind="appointments" from={date} to={date} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-date`} className="text-sm font-medium text-stone-800">
            <FormattedMessage id="scheduling.date" />
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
            <FormattedMessage id="scheduling.employee" />
          </label>
          <Select
            id={`${id}-employee`}
            value={employee}
            onValueChange={setEmployee}
            options={[
              { value: ALL, label: intl.formatMessage({ id: 'scheduling.allEmployees' }) },
              ...(staff.data ?? []).map((s) => ({ value: s.id, label: `${s.firstName} ${s.lastName}` })),
            ]}
          />
        </div>
        <LocationFilter value={place} onChange={setPlace} />
      </div>
      <Tabs defaultValue="day">
        <TabsList aria-label={intl.formatMessage({ id: 'scheduling.calendarView' })}>
          <TabsTrigger value="day">
            <FormattedMessage id="scheduling.day" />
          </TabsTrigger>
          <TabsTrigger value="week">
            <FormattedMessage id="scheduling.week" />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="day">
          <div className="grid gap-6 xl:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>
                  <FormattedMessage id="scheduling.appointmentsOn" values={{ day: dayLabelOf(date, 'long') }} />
                </CardTitle>
              </CardHeader>
              <CardContent>
                {day.isLoading ? (
                  <Spinner />
                ) : (
                  <AppointmentList
                    items={day.data ?? []}
                    timeZone={timeZone}
                    empty={intl.formatMessage({ id: 'scheduling.noAppointmentsOnDate' })}
                    label={intl.formatMessage({ id: 'scheduling.appointmentsOnSelected' })}
                  />
                )}
                {busyToday.length > 0 && (
                  <>
                    <h3 id={`${id}-busy`} className="mt-4 mb-2 text-sm font-semibold text-stone-800">
                      <FormattedMessage id="entities.busyTimes" />
                    </h3>
                    <ul className="grid gap-2 sm:grid-cols-2" aria-labelledby={`${id}-busy`}>
                      {busyToday.map((b) => (
                        <BusyBlock key={b.key} label={b.label} who={b.who} />
                      ))}
                    </ul>
                  </>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>
                  <FormattedMessage id="scheduling.upcoming" />
                </CardTitle>
              </CardHeader>
              <CardContent>
                {upcoming.isLoading ? (
                  <Spinner />
                ) : (
                  <AppointmentList
                    items={upcomingItems}
                    timeZone={timeZone}
                    empty={intl.formatMessage({ id: 'scheduling.noUpcoming' })}
                    showDate
                    label={intl.formatMessage({ id: 'scheduling.upcomingAppointments' })}
                  />
                )}
              </CardContent>
            </Card>
          </div>
        </TabsContent>
        <TabsContent value="week">
          <WeekView date={date} employeeId={employeeId} place={place} timeZone={timeZone} staff={staff.data} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
