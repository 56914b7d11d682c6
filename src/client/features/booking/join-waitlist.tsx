import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/trpc';
import { useJoinWaitlist, useMyWaitlist, waitedFor } from '../../entities/waitlist/waitlist-api';

/**
 * A day with no time left: why, then "Join the waitlist" for that service and date (and employee, if one is
 * chosen), or the sentence that the customer already waits. Errors (a duplicate, a date out of the window) are
 * the server's sentence.
 */
export function JoinWaitlist(props: JoinWaitlistProps) {
  const { serviceId, date, employeeId } = props.wait;
  // Another day or service starts afresh: an error of the last one does not stay on screen.
  return <JoinWaitlistFor key={`${serviceId}:${date}:${employeeId ?? ''}:${props.wait.locationId ?? ''}`} {...props} />;
}

interface JoinWaitlistProps {
  /** The field's id, for a form that points at its description. */
  id?: string;
  reason: string;
  wait: {
    serviceId: string;
    serviceName: string;
    date: string;
    employeeId?: string;
    employeeName?: string;
    /** The location chosen on the booking page. */
    locationId?: string;
  };
}

function JoinWaitlistFor({ id, reason, wait }: JoinWaitlistProps) {
  const intl = useIntl();
  const waitlist = useMyWaitlist();
  const join = useJoinWaitlist();
  const what = waitedFor(intl, { ...wait, employeeName: wait.employeeName ?? null });
  const waiting = waitlist.data?.some(
    (e) =>
      e.serviceId === wait.serviceId &&
      e.date === wait.date &&
      (e.employeeId ?? '') === (wait.employeeId ?? '') &&
      (!wait.locationId || e.locationId === wait.locationId),
  );

  return (
    <div id={id} className="flex flex-col gap-3 rounded-lg bg-stone-50 px-3 py-3 text-sm text-stone-700">
      <p>{reason}</p>
      <div aria-live="polite" className="flex flex-col gap-2">
        {waiting ? (
          <p className="font-medium text-stone-900" data-testid="waitlist-joined">
            <FormattedMessage id="booking.onWaitlist" values={{ what }} />
          </p>
        ) : (
          !waitlist.isLoading && (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p>
                <FormattedMessage id="booking.joinWaitlistText" />
              </p>
              <Button
                variant="outline"
                size="sm"
                className="shrink-0 self-start sm:self-auto"
                disabled={join.isPending}
                onClick={() =>
                  join.mutate({
                    serviceId: wait.serviceId,
                    date: wait.date,
                    employeeId: wait.employeeId || null,
                    locationId: wait.locationId,
                  })
                }
              >
                <FormattedMessage id={join.isPending ? 'booking.joining' : 'booking.joinWaitlist'} />
              </Button>
            </div>
          )
        )}
        {join.isError && (
          <p role="alert" className="text-red-700">
            {errorMessage(join.error)}
          </p>
        )}
      </div>
    </div>
  );
}
