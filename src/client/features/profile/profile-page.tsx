import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Appointment } from '../../../shared/appointment-schema';
import { withinCancellationNotice } from '../../../shared/booking';
import { CalendarIcon } from '../../components/icons';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import { AppointmentStatusBadge } from '../../entities/appointments/appointment-status-badge';
import { DepositStatus } from '../../entities/appointments/deposit-status';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { SlotGrid } from '../../entities/booking/slot-grid';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { useCurrentUser, useSettingsQuery } from '../../lib/session';
import { errorMessage } from '../../lib/trpc';
import { AppointmentPlace, useLocationList } from '../../entities/locations/location-choices';
import { dateKeyOf, dateTimeOf, timeOf, todayIn } from '../../lib/zoned-time';
import { addCalendarDays } from '../../../shared/date-key';
import OrderHistory from './order-history';
import { WaitlistEntries } from './waitlist-entries';
import { MyPackages } from '../../entities/packages/my-packages';
import { MyData } from './my-data';
import { useCancelAppointment, useMyAppointments, useRescheduleAppointment, useRescheduleSlots } from './profile-api';
import { AnswerList } from '../../entities/appointments/answer-list';

const RECENT = 5;

/** One line of the list: a single appointment, or a series with all its occurrences in time order. */
interface Entry {
  key: string;
  appointments: Appointment[];
}

/**
 * Groups the occurrences of each series into one entry, standing where the first of them comes in the list (its
 * next occurrence, since upcoming appointments come first), so a weekly series takes one place among the recent.
 */
function entriesOf(list: Appointment[]): Entry[] {
  const entries: Entry[] = [];
  const bySeries = new Map<string, Entry>();
  for (const appointment of list) {
    const series = appointment.seriesId ? bySeries.get(appointment.seriesId) : undefined;
    if (series) {
      series.appointments.push(appointment);
      continue;
    }
    const entry = { key: appointment.seriesId ?? appointment.id, appointments: [appointment] };
    if (appointment.seriesId) bySeries.set(appointment.seriesId, entry);
    entries.push(entry);
  }
  for (const entry of entries) entry.appointments.sort((a, b) => a.dateTime.localeCompare(b.dateTime));
  return entries;
}

const isLive = (appointment: Appointment) => appointment.status === 'pending' || appointment.status === 'confirmed';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * /profile: who you are, your five most recent appointments (cancel or move them while the notice allows), your
 * orders, and the days you wait for.
 */
export function ProfilePage() {
  const intl = useIntl();
  const { user: me, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner className="min-h-[40vh]" label={intl.formatMessage({ id: 'profile.loading' })} />;
  const role = me?.role ?? 'customer';
  const name = me ? `${me.firstName} ${me.lastName}`.trim() : '';
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">
        <FormattedMessage id="profile.title" />
      </h1>
      <Card>
        <CardContent className="flex flex-col items-center gap-4 p-5 text-center sm:flex-row sm:text-left">
          {me?.profileImageUrl ? (
            <img src={me.profileImageUrl} alt="" className="h-20 w-20 rounded-full object-cover" />
          ) : (
            <span
              className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-900"
              aria-hidden="true"
            >
              {(me?.firstName?.[0] ?? '') + (me?.lastName?.[0] ?? '') || '?'}
            </span>
          )}
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="text-xl font-semibold text-stone-900">
              {name || intl.formatMessage({ id: 'profile.yourProfile' })}
            </h2>
            {me?.email && <p className="break-all text-sm text-stone-600">{me.email}</p>}
            <Badge tone="brand" className="self-center sm:self-start">
              <FormattedMessage id="profile.role" values={{ role, name: capitalize(role) }} />
            </Badge>
          </div>
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentAppointments />
        <OrderHistory />
      </div>
      <MyPackages />
      <WaitlistEntries />
      <MyData canDelete={role === 'customer'} />
    </div>
  );
}

function RecentAppointments() {
  const intl = useIntl();
  const appointments = useMyAppointments();
  const settings = useSettingsQuery();
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [moving, setMoving] = useState<Appointment | null>(null);
  const cancel = useCancelAppointment();
  const toast = useToast();
  const timeZone = settings.data?.timezone ?? 'UTC';
  const noticeHours = settings.data?.cancellationNoticeHours ?? 24;
  const recent = entriesOf(appointments.data ?? []).slice(0, RECENT);
  // With scope=series the server cancels this occurrence and the later live ones of its series.
  const laterInSeries = cancelling?.seriesId
    ? (appointments.data ?? []).filter(
        (a) => a.seriesId === cancelling.seriesId && a.dateTime > cancelling.dateTime && isLive(a),
      ).length
    : 0;

  function confirmCancel(scope: 'one' | 'series') {
    if (!cancelling) return;
    cancel.mutate(
      { id: cancelling.id, scope },
      {
        onSuccess: () => {
          setCancelling(null);
          toast(
            scope === 'series'
              ? {
                  title: intl.formatMessage({ id: 'profile.appointmentsCancelled' }),
                  description: intl.formatMessage({ id: 'profile.seriesCancelled' }),
                }
              : {
                  title: intl.formatMessage({ id: 'profile.appointmentCancelled' }),
                  description: intl.formatMessage({ id: 'profile.yourAppointmentCancelled' }),
                },
          );
        },
        onError: (error) => {
          setCancelling(null);
          toast({
            title: intl.formatMessage({ id: 'profile.updateFailed' }),
            description: errorMessage(error),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>
          <FormattedMessage id="profile.recentAppointments" />
        </CardTitle>
        <ButtonLink to="/booking" variant="outline" size="sm" className="shrink-0 whitespace-nowrap">
          <FormattedMessage id="profile.bookNow" />
        </ButtonLink>
      </CardHeader>
      <CardContent>
        {appointments.isLoading || settings.isLoading ? (
          <Spinner label={intl.formatMessage({ id: 'profile.loadingAppointments' })} />
        ) : appointments.isError ? (
          <p className="text-sm text-red-700">
            <FormattedMessage id="profile.appointmentsFailed" />
          </p>
        ) : recent.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <CalendarIcon width={32} height={32} className="text-stone-400" aria-hidden="true" />
            <p className="font-medium text-stone-900">
              <FormattedMessage id="profile.noAppointments" />
            </p>
            <p className="text-sm text-stone-600">
              <FormattedMessage id="profile.noAppointmentsHint" />
            </p>
          </div>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100">
            {recent.map(({ key, appointments: [first, ...more] }) =>
              more.length ? (
                <SeriesEntry key={key} appointments={[first!, ...more]}>
                  {(appointment) => (
                    <AppointmentRow
                      key={appointment.id}
                      appointment={appointment}
                      inSeries
                      timeZone={timeZone}
                      noticeHours={noticeHours}
                      onCancel={() => setCancelling(appointment)}
                      onReschedule={() => setMoving(appointment)}
                    />
                  )}
                </SeriesEntry>
              ) : (
                <AppointmentRow
                  key={key}
                  appointment={first!}
                  timeZone={timeZone}
                  noticeHours={noticeHours}
                  onCancel={() => setCancelling(first!)}
                  onReschedule={() => setMoving(first!)}
                />
              ),
            )}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={!!cancelling}
        onClose={() => setCancelling(null)}
        title={intl.formatMessage({ id: 'profile.cancelTitle' })}
        description={
          cancelling
            ? intl.formatMessage(
                { id: laterInSeries ? 'profile.cancelSeriesDescription' : 'profile.cancelDescription' },
                {
                  service: cancelling.service?.name ?? intl.formatMessage({ id: 'entities.service' }),
                  when: dateTimeOf(cancelling.dateTime, timeZone),
                  later: laterInSeries,
                },
              )
            : ''
        }
        confirmLabel={intl.formatMessage({
          id: cancel.isPending
            ? 'profile.cancelling'
            : laterInSeries
              ? 'profile.cancelOnlyThis'
              : 'profile.cancelAppointment',
        })}
        onConfirm={() => confirmCancel('one')}
        alternative={
          laterInSeries
            ? {
                label: intl.formatMessage({ id: 'profile.cancelThisAndLater' }),
                onConfirm: () => confirmCancel('series'),
              }
            : undefined
        }
        pending={cancel.isPending}
        destructive
      />
      {moving && (
        <RescheduleDialog
          appointment={moving}
          timeZone={timeZone}
          windowDays={settings.data?.bookingWindowDays ?? 30}
          onClose={() => setMoving(null)}
        />
      )}
    </Card>
  );
}

/** A series as one entry: what, with whom and how many, then each occurrence with its own status and actions. */
function SeriesEntry({
  appointments,
  children,
}: {
  appointments: [Appointment, ...Appointment[]];
  children: (appointment: Appointment) => ReactNode;
}) {
  const intl = useIntl();
  const [first] = appointments;
  return (
    <li className="flex flex-col gap-1 py-3" data-testid="profile-series">
      <div className="flex items-center gap-2">
        <h3 className="font-medium text-stone-900">
          {first.service?.name ?? intl.formatMessage({ id: 'entities.service' })}
        </h3>
        <Badge tone="brand">
          <FormattedMessage id="profile.series" />
        </Badge>
      </div>
      <p className="text-sm text-stone-600">
        <FormattedMessage
          id="profile.seriesSummary"
          values={{
            count: appointments.length,
            employee: `${first.employee.firstName} ${first.employee.lastName}`,
            minutes: first.duration,
          }}
        />
      </p>
      {first.notes && (
        <p className="text-sm text-stone-600">
          <FormattedMessage id="profile.notes" values={{ notes: first.notes }} />
        </p>
      )}
      <ul className="mt-1 flex flex-col divide-y divide-stone-100 border-l-2 border-brand-200 pl-3">
        {appointments.map(children)}
      </ul>
    </li>
  );
}

function AppointmentRow({
  appointment,
  inSeries = false,
  timeZone: businessZone,
  noticeHours,
  onCancel,
  onReschedule,
}: {
  appointment: Appointment;
  /** Inside a series entry, which already names the service, the employee and the notes. */
  inSeries?: boolean;
  timeZone: string;
  noticeHours: number;
  onCancel: () => void;
  onReschedule: () => void;
}) {
  const intl = useIntl();
  // Its time as the clocks of its location read it.
  const timeZone = useLocationList().zoneOf(appointment.locationId, businessZone);
  const now = new Date();
  const start = new Date(appointment.dateTime);
  const live = isLive(appointment) && start > now;
  const changeable = live && withinCancellationNotice(start, now, noticeHours);
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="profile-appointment">
      <div className="flex items-start justify-between gap-3">
        {inSeries ? (
          <div className="min-w-0">
            <p className="text-sm text-stone-700">{dateTimeOf(appointment.dateTime, timeZone)}</p>
            <AppointmentPlace location={appointment.location} />
          </div>
        ) : (
          <div className="min-w-0">
            <p className="font-medium text-stone-900">
              {appointment.service?.name ?? intl.formatMessage({ id: 'entities.service' })}
            </p>
            <p className="text-sm text-stone-700">{dateTimeOf(appointment.dateTime, timeZone)}</p>
            <p className="text-sm text-stone-600">
              <FormattedMessage
                id="profile.withDuration"
                values={{
                  employee: `${appointment.employee.firstName} ${appointment.employee.lastName}`,
                  minutes: appointment.duration,
                }}
              />
            </p>
            <AppointmentPlace location={appointment.location} />
            {appointment.notes && (
              <p className="mt-1 text-sm text-stone-600">
                <FormattedMessage id="profile.notes" values={{ notes: appointment.notes }} />
              </p>
            )}
            <AnswerList answers={appointment.answers} />
          </div>
        )}
        <AppointmentStatusBadge status={appointment.status} />
      </div>
      <DepositStatus appointment={appointment} />
      {changeable ? (
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={onReschedule}>
            <FormattedMessage id="profile.reschedule" />
          </Button>
          <Button size="sm" variant="destructive-outline" onClick={onCancel}>
            <FormattedMessage id="profile.cancel" />
          </Button>
        </div>
      ) : live ? (
        <p className="text-sm text-stone-600">
          <FormattedMessage id="profile.tooLateToChange" values={{ hours: noticeHours }} />
        </p>
      ) : null}
    </li>
  );
}

function RescheduleDialog({
  appointment,
  timeZone,
  windowDays,
  onClose,
}: {
  appointment: Appointment;
  timeZone: string;
  windowDays: number;
  onClose: () => void;
}) {
  const intl = useIntl();
  const dateId = useId();
  const toast = useToast();
  const service = appointment.service?.name ?? intl.formatMessage({ id: 'entities.service' });
  const today = todayIn(timeZone);
  const lastDay = addCalendarDays(todayIn(timeZone), windowDays);
  const [date, setDate] = useState(dateKeyOf(appointment.dateTime, timeZone));
  const [dateTime, setDateTime] = useState('');
  const slots = useRescheduleSlots(
    { serviceId: appointment.serviceId, date, employeeId: appointment.employeeId },
    true,
  );
  const reschedule = useRescheduleAppointment();
  const options = (slots.data ?? [])
    .filter((s) => s.dateTime !== appointment.dateTime)
    .map((s) => ({ value: s.dateTime, label: timeOf(s.dateTime, timeZone) }));

  function save() {
    if (!dateTime) {
      toast({
        title: intl.formatMessage({ id: 'profile.timeRequired' }),
        description: intl.formatMessage({ id: 'profile.selectTime' }),
        variant: 'destructive',
      });
      return;
    }
    reschedule.mutate(
      { id: appointment.id, dateTime },
      {
        onSuccess: () => {
          toast({
            title: intl.formatMessage({ id: 'profile.appointmentUpdated' }),
            description: intl.formatMessage({ id: 'profile.nowOn' }, { when: dateTimeOf(dateTime, timeZone) }),
          });
          onClose();
        },
        onError: (error) => {
          toast({
            title: intl.formatMessage({ id: 'profile.updateFailed' }),
            description: errorMessage(error),
            variant: 'destructive',
          });
          setDateTime('');
          void slots.refetch();
        },
      },
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={intl.formatMessage({ id: 'profile.rescheduleTitle' })}
      description={intl.formatMessage(
        { id: 'profile.rescheduleDescription' },
        {
          service,
          employee: appointment.employee.firstName,
          when: dateTimeOf(appointment.dateTime, timeZone),
        },
      )}
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={dateId} className="text-sm font-medium text-stone-800">
            <FormattedMessage id="profile.newDate" />
          </label>
          <Input
            id={dateId}
            type="date"
            value={date}
            min={today}
            max={lastDay}
            onChange={(e) => {
              setDate(e.target.value);
              setDateTime('');
            }}
          />
        </div>
        {!appointment.serviceId ? (
          <p className="text-sm text-stone-700">
            <FormattedMessage id="profile.serviceGone" />
          </p>
        ) : slots.isFetching && !slots.data ? (
          <Spinner label={intl.formatMessage({ id: 'profile.loadingTimes' })} className="p-3" />
        ) : options.length ? (
          <SlotGrid
            name="new-time"
            legend={intl.formatMessage({ id: 'profile.newTime' })}
            options={options}
            value={dateTime}
            onChange={setDateTime}
          />
        ) : (
          <p className="rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700">
            <FormattedMessage id="profile.noTimes" />
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            <FormattedMessage id="profile.keepTime" />
          </Button>
          <Button onClick={save} disabled={reschedule.isPending}>
            <FormattedMessage id={reschedule.isPending ? 'profile.saving' : 'profile.saveTime'} />
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
