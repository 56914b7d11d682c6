import { FormattedMessage, useIntl } from 'react-intl';
import { waitlistBookingPath, type WaitlistEntry } from '../../../shared/waitlist-schema';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/trpc';
import { useLeaveWaitlist, useMyWaitlist, waitedFor } from '../../entities/waitlist/waitlist-api';

/** The profile's Waitlist: the full days the customer waits for (an e-mail comes when a time opens), with Leave. */
export function WaitlistEntries() {
  const intl = useIntl();
  const waitlist = useMyWaitlist();
  const leave = useLeaveWaitlist();
  const toast = useToast();
  const entries = waitlist.data ?? [];

  function leaveEntry(entry: WaitlistEntry) {
    leave.mutate(
      { id: entry.id },
      {
        onSuccess: () =>
          toast({
            title: intl.formatMessage({ id: 'profile.leftWaitlist' }),
            description: intl.formatMessage({ id: 'profile.noLongerWaiting' }, { what: waitedFor(intl, entry) }),
          }),
        onError: (error) =>
          toast({
            title: intl.formatMessage({ id: 'profile.updateFailed' }),
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Card data-testid="waitlist">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="profile.waitlist" />
        </CardTitle>
      </CardHeader>
      <CardContent>
        {waitlist.isLoading ? (
          <Spinner label={intl.formatMessage({ id: 'profile.loadingWaitlist' })} />
        ) : waitlist.isError ? (
          <p className="text-sm text-red-700">{errorMessage(waitlist.error)}</p>
        ) : entries.length === 0 ? (
          <p className="text-sm text-stone-600">
            <FormattedMessage id="profile.notWaiting" />
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100">
            {entries.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
                data-testid="waitlist-entry"
              >
                <div className="min-w-0">
                  <p className="font-medium text-stone-900">{waitedFor(intl, entry)}</p>
                  <p className="text-sm text-stone-600">
                    <FormattedMessage id="profile.willEmail" />
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <ButtonLink to={waitlistBookingPath(entry)} variant="outline" size="sm">
                    <FormattedMessage id="profile.lookForTime" />
                  </ButtonLink>
                  <Button
                    variant="destructive-outline"
                    size="sm"
                    disabled={leave.isPending}
                    onClick={() => leaveEntry(entry)}
                    aria-label={intl.formatMessage({ id: 'profile.leaveFor' }, { what: waitedFor(intl, entry) })}
                  >
                    <FormattedMessage id="profile.leave" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
