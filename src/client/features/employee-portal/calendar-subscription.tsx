import { useId, useState } from 'react';
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
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const inputId = useId();

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link Copied', description: 'Paste it into your calendar app to subscribe.' });
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Select the link and copy it yourself.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Card className="max-w-lg">
      <CardHeader>
        <CardTitle>Calendar subscription</CardTitle>
        <p className="text-sm text-stone-600">
          Subscribe to your appointments from Google Calendar, Apple Calendar or Outlook with this private link. Anyone
          with the link can see your appointments: reset it if it was shared by mistake.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {feed.isLoading ? (
          <Spinner label="Loading your calendar link" />
        ) : feed.data ? (
          <>
            <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
              Calendar link
            </label>
            <Input
              id={inputId}
              readOnly
              value={feed.data.url}
              onFocus={(e) => e.currentTarget.select()}
              className="font-mono text-xs"
            />
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void copy(feed.data.url)}>Copy link</Button>
              <Button variant="outline" onClick={() => setConfirming(true)} disabled={rotate.isPending}>
                Reset link
              </Button>
            </div>
          </>
        ) : (
          <p className="text-sm text-red-700" role="alert">
            {errorMessage(feed.error, 'Your calendar link could not be loaded.')}
          </p>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Reset your calendar link?"
        description="Calendars subscribed with the current link stop updating at once. You will need to subscribe again with the new link."
        confirmLabel="Reset link"
        destructive
        pending={rotate.isPending}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Link Reset', description: 'Your old calendar link no longer works.' });
            },
            onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
          })
        }
      />
    </Card>
  );
}
