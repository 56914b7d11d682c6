import { useIntl } from 'react-intl';
import { canMarkNoShow } from '../../../shared/appointment-schema';
import { can } from '../../../shared/roles';
import { Button, ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useCurrentUser } from '../../lib/session';
import { PortalAppointmentList } from './portal-appointment-list';
import { useMyAppointments, useSetAppointmentStatus, type PortalAppointment } from './employee-portal-api';
import { useTimeZone } from '../../lib/session';

// Past appointments shown: the ten most recent.
const PAST_COUNT = 10;

function Actions({ appointment }: { appointment: PortalAppointment }) {
  const intl = useIntl();
  const setStatus = useSetAppointmentStatus();
  const me = useCurrentUser().user;
  const change = (status: 'confirmed' | 'cancelled' | 'completed' | 'no_show') =>
    setStatus.mutate({ appointmentId: appointment.id, status });
  const pending = setStatus.isPending;
  // Offered once the start has passed, as the server allows it.
  const noShow = canMarkNoShow(appointment, new Date()) && can(me, 'appointments.edit') && (
    <Button size="sm" variant="destructive-outline" onClick={() => change('no_show')} disabled={pending}>
      {intl.formatMessage({ id: 'employeePortal.markNoShow' })}
    </Button>
  );
  if (appointment.status === 'pending') {
    return (
      <>
        <Button size="sm" onClick={() => change('confirmed')} disabled={pending}>
          {intl.formatMessage({ id: 'employeePortal.confirm' })}
        </Button>
        <Button size="sm" variant="destructive-outline" onClick={() => change('cancelled')} disabled={pending}>
          {intl.formatMessage({ id: 'app.cancel' })}
        </Button>
        {noShow}
      </>
    );
  }
  if (appointment.status === 'confirmed') {
    return (
      <>
        <Button size="sm" variant="secondary" onClick={() => change('completed')} disabled={pending}>
          {intl.formatMessage({ id: 'employeePortal.markComplete' })}
        </Button>
        {noShow}
      </>
    );
  }
  return null;
}

/** /employee/appointments: upcoming soonest first, the ten latest past ones newest first. */
export function EmployeeAppointmentsPage() {
  const intl = useIntl();
  const appointments = useMyAppointments();
  const timeZone = useTimeZone();
  const now = new Date().toISOString();
  const list = appointments.data ?? [];
  const upcoming = list.filter((a) => a.dateTime >= now);
  const past = list
    .filter((a) => a.dateTime < now)
    .reverse()
    .slice(0, PAST_COUNT);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <ButtonLink to="/employee/dashboard" variant="ghost" size="sm" className="self-start">
          {intl.formatMessage({ id: 'employeePortal.backToDashboard' })}
        </ButtonLink>
        <h1 className="text-2xl font-bold text-stone-900">
          {intl.formatMessage({ id: 'employeePortal.appointmentsTitle' })}
        </h1>
      </div>
      {appointments.isLoading ? (
        <Spinner />
      ) : (
        <>
          <section className="flex flex-col gap-3" aria-labelledby="upcoming-heading">
            <h2 id="upcoming-heading" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
              {intl.formatMessage({ id: 'employeePortal.upcomingAppointments' })}
              <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-sm text-brand-900">{upcoming.length}</span>
            </h2>
            {upcoming.length === 0 ? (
              <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
                {intl.formatMessage({ id: 'employeePortal.noUpcoming' })}
              </p>
            ) : (
              <PortalAppointmentList
                appointments={upcoming}
                timeZone={timeZone}
                actions={(a) => <Actions appointment={a} />}
              />
            )}
          </section>
          <section className="flex flex-col gap-3" aria-labelledby="past-heading">
            <h2 id="past-heading" className="text-lg font-semibold text-stone-900">
              {intl.formatMessage({ id: 'employeePortal.pastAppointments' })}
            </h2>
            {past.length === 0 ? (
              <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-sm text-stone-600">
                {intl.formatMessage({ id: 'employeePortal.noPast' })}
              </p>
            ) : (
              <PortalAppointmentList
                appointments={past}
                timeZone={timeZone}
                actions={(a) => <Actions appointment={a} />}
                className="flex max-h-[32rem] flex-col gap-3 overflow-y-auto rounded-xl pr-1"
                label={intl.formatMessage({ id: 'employeePortal.pastAppointmentsLabel' })}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}
