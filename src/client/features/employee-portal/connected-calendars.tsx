import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/trpc';
import { stampOf } from '../../lib/zoned-time';
import { useTimeZone } from '../../lib/session';
import type { CalendarConnection } from '../../../shared/calendar-schema';
import { useCalendarConnectionActions, useCalendarConnections } from './employee-portal-api';

/**
 * The profile's "Connected calendars": add a CalDAV account or an ICS address, choose the calendars that count as
 * busy and the one that receives bookings, sync now, remove, and each connection's state in words.
 */
export function ConnectedCalendars() {
  const intl = useIntl();
  const connections = useCalendarConnections();
  return (
    <Card className="max-w-lg">
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'employeePortal.connectedCalendarsTitle' })}</CardTitle>
        <p className="text-sm text-stone-600">{intl.formatMessage({ id: 'employeePortal.connectedCalendarsIntro' })}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {connections.isLoading ? (
          <Spinner label={intl.formatMessage({ id: 'employeePortal.connectedCalendarsLoading' })} />
        ) : (
          <ul className="flex flex-col gap-3">
            {(connections.data ?? []).map((connection) => (
              <ConnectionItem key={connection.id} connection={connection} />
            ))}
          </ul>
        )}
        <AddCalendarForm />
      </CardContent>
    </Card>
  );
}

function ConnectionItem({ connection }: { connection: CalendarConnection }) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const toast = useToast();
  const { choose, sync, remove } = useCalendarConnectionActions();
  const failed = (error: unknown) =>
    toast({
      title: intl.formatMessage({ id: 'employeePortal.error' }),
      description: errorMessage(error),
      variant: 'destructive',
    });
  const setChoice = (href: string, change: { readsBusy?: boolean; receivesBookings?: boolean }) =>
    choose.mutate(
      {
        id: connection.id,
        calendars: connection.calendars.map((c) => ({
          href: c.href,
          readsBusy: c.href === href ? (change.readsBusy ?? c.readsBusy) : c.readsBusy,
          receivesBookings: change.receivesBookings
            ? c.href === href
            : c.href === href
              ? (change.receivesBookings ?? c.receivesBookings)
              : c.receivesBookings,
        })),
      },
      { onError: failed },
    );
  const ok = connection.status === 'ok';
  return (
    <li className="flex flex-col gap-2 rounded-md border border-stone-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-all text-sm font-medium text-stone-900">
          {intl.formatMessage({
            id: connection.kind === 'caldav' ? 'employeePortal.calendarKindCaldav' : 'employeePortal.calendarKindIcs',
          })}
          {': '}
          {connection.username ? `${connection.username} · ` : ''}
          {connection.url}
        </span>
        <Badge tone={ok ? 'success' : 'danger'}>
          {intl.formatMessage({ id: ok ? 'employeePortal.calendarStatusOk' : 'employeePortal.calendarStatusError' })}
        </Badge>
      </div>
      <p className="text-xs text-stone-600">
        {connection.lastSyncedAt
          ? intl.formatMessage(
              { id: 'employeePortal.calendarLastSynced' },
              // In business time, as every other time the portal shows (the admin's staff page too).
              { when: stampOf(connection.lastSyncedAt, timeZone) },
            )
          : intl.formatMessage({ id: 'employeePortal.calendarNotSyncedYet' })}
      </p>
      {connection.lastError && (
        <p className="text-sm text-red-700" role="alert">
          {connection.lastError}
        </p>
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{intl.formatMessage({ id: 'employeePortal.calendarChoice' })}</legend>
        {connection.calendars.map((calendar) => (
          <div key={calendar.href} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
            <Checkbox
              label={intl.formatMessage({ id: 'employeePortal.calendarReadsBusy' }, { name: calendar.name })}
              checked={calendar.readsBusy}
              disabled={choose.isPending}
              onChange={(readsBusy) => setChoice(calendar.href, { readsBusy })}
            />
            {connection.kind === 'caldav' && (
              <label className="flex items-center gap-2 text-sm text-stone-800">
                <input
                  type="radio"
                  name={`receives-${connection.id}`}
                  className="h-4 w-4 accent-brand-600"
                  checked={calendar.receivesBookings}
                  disabled={choose.isPending}
                  onChange={() => setChoice(calendar.href, { receivesBookings: true })}
                />
                {intl.formatMessage({ id: 'employeePortal.calendarReceivesBookings' }, { name: calendar.name })}
              </label>
            )}
          </div>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={sync.isPending}
          onClick={() =>
            sync.mutate(
              { id: connection.id },
              {
                onSuccess: () => toast({ title: intl.formatMessage({ id: 'employeePortal.calendarSyncStarted' }) }),
                onError: failed,
              },
            )
          }
        >
          {intl.formatMessage({ id: 'employeePortal.calendarSyncNow' })}
        </Button>
        <Button
          variant="outline"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ id: connection.id }, { onError: failed })}
        >
          {intl.formatMessage({ id: 'employeePortal.calendarRemove' })}
        </Button>
      </div>
    </li>
  );
}

function AddCalendarForm() {
  const intl = useIntl();
  const toast = useToast();
  const { connect } = useCalendarConnectionActions();
  const [kind, setKind] = useState<'caldav' | 'ics'>('caldav');
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { url: useId(), username: useId(), password: useId(), error: useId() };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    connect.mutate(kind === 'caldav' ? { kind, url, username, password } : { kind, url }, {
      onSuccess: () => {
        setUrl('');
        setUsername('');
        setPassword('');
        toast({ title: intl.formatMessage({ id: 'employeePortal.calendarConnected' }) });
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };
  const label = 'text-sm font-medium text-stone-800';
  return (
    <form className="flex flex-col gap-3 border-t border-stone-200 pt-4" onSubmit={submit} noValidate>
      <fieldset className="flex flex-wrap gap-4">
        <legend className={`${label} mb-1`}>{intl.formatMessage({ id: 'employeePortal.calendarAdd' })}</legend>
        {(['caldav', 'ics'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm text-stone-800">
            <input
              type="radio"
              name="calendar-kind"
              className="h-4 w-4 accent-brand-600"
              checked={kind === value}
              onChange={() => setKind(value)}
            />
            {intl.formatMessage({
              id: value === 'caldav' ? 'employeePortal.calendarKindCaldav' : 'employeePortal.calendarKindIcs',
            })}
          </label>
        ))}
      </fieldset>
      <label htmlFor={ids.url} className={label}>
        {intl.formatMessage({
          id: kind === 'caldav' ? 'employeePortal.calendarServerUrl' : 'employeePortal.calendarIcsUrl',
        })}
      </label>
      <Input
        id={ids.url}
        type="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        aria-describedby={error ? ids.error : undefined}
        required
      />
      {kind === 'caldav' && (
        <>
          <label htmlFor={ids.username} className={label}>
            {intl.formatMessage({ id: 'employeePortal.calendarUsername' })}
          </label>
          <Input id={ids.username} autoComplete="off" value={username} onChange={(e) => setUsername(e.target.value)} />
          <label htmlFor={ids.password} className={label}>
            {intl.formatMessage({ id: 'employeePortal.calendarAppPassword' })}
          </label>
          <Input
            id={ids.password}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </>
      )}
      {error && (
        <p id={ids.error} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={connect.isPending}>
          {intl.formatMessage({ id: 'employeePortal.calendarConnect' })}
        </Button>
      </div>
    </form>
  );
}
