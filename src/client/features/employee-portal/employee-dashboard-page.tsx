import { useIntl } from 'react-intl';
import { LocalTime } from '../../entities/locations/location-choices';
import { useCustomerName } from '../../entities/customers/customer-name';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { dateKeyOf, dayLabelOf, timeOf, todayIn } from '../../lib/zoned-time';
import { PortalAppointmentList } from './portal-appointment-list';
import { groupSessions } from '../../entities/appointments/class-sessions';
import { classLabel } from '../../entities/appointments/class-sessions';
import { useMyAppointments, useMyWeeklyHours } from './employee-portal-api';
import { useEmployee } from './employee-portal-api';
import { useTimeZone } from '../../lib/session';

// The dashboard's upcoming list: the next five.
const UPCOMING_COUNT = 5;

function StatCard({ label, value, tone }: { label: string; value: string | number; tone?: 'good' | 'bad' }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-1 p-5">
        <p className="text-sm font-medium text-stone-600">{label}</p>
        <p
          className={
            tone === 'good'
              ? 'text-2xl font-bold text-green-700'
              : tone === 'bad'
                ? 'text-2xl font-bold text-red-700'
                : 'text-2xl font-bold text-stone-900'
          }
        >
          {value}
        </p>
      </CardContent>
    </Card>
  );
}

/** /employee and /employee/dashboard. */
export function EmployeeDashboardPage() {
  const intl = useIntl();
  const customerName = useCustomerName();
  const { data: user } = useEmployee();
  const appointments = useMyAppointments();
  const week = useMyWeeklyHours();
  const timeZone = useTimeZone();
  if (!user) return null;
  const list = appointments.data ?? [];
  const today = todayIn(timeZone);
  const now = new Date().toISOString();
  // Today's live appointments, as the admin dashboard counts them: a cancelled one is not part of the day.
  const todays = list.filter((a) => dateKeyOf(a.dateTime, timeZone) === today && a.status !== 'cancelled');
  const upcoming = list.filter((a) => a.dateTime >= now && a.status !== 'cancelled').slice(0, UPCOMING_COUNT);
  const weeklyHoursSet = (week.data?.length ?? 0) > 0;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">
          {intl.formatMessage({ id: 'employeePortal.dashboardTitle' })}
        </h1>
        <p className="text-stone-600">
          {intl.formatMessage({ id: 'employeePortal.welcomeBack' }, { firstName: user.firstName })}
        </p>
      </div>

      <section
        aria-label={intl.formatMessage({ id: 'employeePortal.summary' })}
        className="grid grid-cols-2 gap-3 lg:grid-cols-4"
      >
        <StatCard
          label={intl.formatMessage({ id: 'employeePortal.todaysAppointments' })}
          value={appointments.isLoading ? '…' : todays.length}
        />
        <StatCard
          label={intl.formatMessage({ id: 'employeePortal.totalAppointments' })}
          value={appointments.isLoading ? '…' : list.length}
        />
        <StatCard
          label={intl.formatMessage({ id: 'employeePortal.availabilityStatus' })}
          value={
            week.isLoading
              ? '…'
              : intl.formatMessage({ id: weeklyHoursSet ? 'employeePortal.set' : 'employeePortal.notSet' })
          }
          tone={week.isLoading ? undefined : weeklyHoursSet ? 'good' : 'bad'}
        />
        <StatCard
          label={intl.formatMessage({ id: 'employeePortal.accountStatus' })}
          value={intl.formatMessage({ id: user.isActive ? 'employeePortal.active' : 'employeePortal.inactive' })}
          tone={user.isActive ? 'good' : 'bad'}
        />
      </section>

      <Card>
        <CardHeader>
          <CardTitle>{intl.formatMessage({ id: 'employeePortal.quickActions' })}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 sm:flex-row">
          <ButtonLink to="/employee/appointments">
            {intl.formatMessage({ id: 'employeePortal.viewAppointments' })}
          </ButtonLink>
          <ButtonLink to="/employee/availability" variant="secondary">
            {intl.formatMessage({ id: 'employeePortal.manageAvailability' })}
          </ButtonLink>
          {/* The customer view, as the sidebar's Customer View link; named apart from it. */}
          <ButtonLink to="/" variant="outline">
            {intl.formatMessage({ id: 'employeePortal.visitStorefront' })}
          </ButtonLink>
        </CardContent>
      </Card>

      {appointments.isLoading ? (
        <Spinner />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <section className="flex flex-col gap-3">
            <h2 className="text-lg font-semibold text-stone-900">
              {intl.formatMessage({ id: 'employeePortal.todaysAppointments' })}
            </h2>
            {todays.length === 0 ? (
              <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
                {intl.formatMessage({ id: 'employeePortal.noAppointmentsToday' })}
              </p>
            ) : (
              <PortalAppointmentList appointments={todays} timeZone={timeZone} className="flex flex-col gap-2" />
            )}
          </section>
          <section className="flex flex-col gap-3">
            <h2 className="text-lg font-semibold text-stone-900">
              {intl.formatMessage({ id: 'employeePortal.upcomingAppointments' })}
            </h2>
            {upcoming.length === 0 ? (
              <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
                {intl.formatMessage({ id: 'employeePortal.noUpcoming' })}
              </p>
            ) : (
              <ul className="flex flex-col gap-2">
                {groupSessions(upcoming).map((entry) => {
                  const a = entry.kind === 'one' ? entry.appointment : entry.seats[0]!;
                  return (
                    <li
                      key={a.id}
                      className="flex items-center justify-between gap-3 rounded-xl border border-stone-200 bg-white p-3 text-sm shadow-sm"
                    >
                      <div className="min-w-0">
                        <p className="truncate font-medium text-stone-900">
                          {a.service?.name ?? intl.formatMessage({ id: 'employeePortal.service' })}
                        </p>
                        <p className="truncate text-stone-600">
                          {entry.kind === 'one' ? customerName(a.customer) : classLabel(intl, entry.seats)}
                        </p>
                        <LocalTime appointment={a} timeZone={timeZone} />
                      </div>
                      <p className="shrink-0 text-right text-stone-700">
                        {dateKeyOf(a.dateTime, timeZone) === today
                          ? intl.formatMessage({ id: 'employeePortal.today' })
                          : dayLabelOf(dateKeyOf(a.dateTime, timeZone))}
                        <br />
                        {timeOf(a.dateTime, timeZone)}
                      </p>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
