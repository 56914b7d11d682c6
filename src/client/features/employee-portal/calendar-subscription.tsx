import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/trpc';
import { useCalendarFeed, useRotateCalendarFeed } from './employee-portal-api';

/** The profile's "Calendar subscription": the private feed URL, Copy link, and Reset link (the old URL stops). */
export function CalendarSubscription() {
  const intl = useIntl();
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const inputId = useId();

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({
        title: intl.formatMessage({ id: 'employeePortal.linkCopied' }),
        description: intl.formatMessage({ id: 'employeePortal.pasteLink' }),
      });
    } catch {
      toast({
        title: intl.formatMessage({ id: 'employeePortal.copyFailed' }),
        description: intl.formatMessage({ id: 'employeePortal.copyYourself' }),
        variant: 'destructive',
      });
    }
  };

  return (
    <Card className="max-w-lg">
      <CardHeader>
        <CardTitle>{intl.formatMessage({ id: 'employeePortal.calendarTitle' })}</CardTitle>
        <p className="text-sm text-stone-600">{intl.formatMessage({ id: 'employeePortal.calendarIntro' })}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {feed.isLoading ? (
          <Spinner label={intl.formatMessage({ id: 'employeePortal.calendarLoading' })} />
        ) : feed.data ? (
          <>
            <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
              {intl.formatMessage({ id: 'employeePortal.calendarLink' })}
            </label>
            <Input
              id={inputId}
              readOnly
              value={feed.data.url}
              onFocus={(e) => e.currentTarget.select()}
              className="font-mono text-xs"
            />
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void copy(feed.data.url)}>
                {intl.formatMessage({ id: 'employeePortal.copyLink' })}
              </Button>
              <Button variant="outline" onClick={() => setConfirming(true)} disabled={rotate.isPending}>
                {intl.formatMessage({ id: 'employeePortal.resetLink' })}
              </Button>
            </div>
          </>
        ) : (
          <p className="text-sm text-red-700" role="alert">
            {errorMessage(feed.error, intl.formatMessage({ id: 'employeePortal.calendarLoadFailed' }))}
          </p>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={intl.formatMessage({ id: 'employeePortal.resetQuestion' })}
        description={intl.formatMessage({ id: 'employeePortal.resetWarning' })}
        confirmLabel={intl.formatMessage({ id: 'employeePortal.resetLink' })}
        destructive
        pending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({
                title: intl.formatMessage({ id: 'employeePortal.linkReset' }),
                description: intl.formatMessage({ id: 'employeePortal.oldLinkStopped' }),
              });
            },
            onError: (error) =>
              toast({
                title: intl.formatMessage({ id: 'employeePortal.error' }),
                description: errorMessage(error),
                variant: 'destructive',
              }),
          })
        }
      />
    </Card>
  );
}
