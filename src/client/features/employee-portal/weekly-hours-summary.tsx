import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { DEFAULT_HOURS, dayNames, standardBusinessDays, totalHours } from '../../../shared/availability-schema';
import { useReplaceWeek, type PortalWeeklyHours } from './employee-portal-api';

export function QuickActions({ hours }: { hours: PortalWeeklyHours[] }) {
  const replace = useReplaceWeek();
  const [confirming, setConfirming] = useState(false);
  const weekend = hours.filter(
    (s) => !(standardBusinessDays as readonly number[]).includes(dayNames.indexOf(s.dayOfWeek)),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Button
          variant="secondary"
          disabled={replace.isPending}
          onClick={() =>
            // Monday to Friday become 09:00-17:00; the weekend stays as it is.
            replace.mutate({
              availability: [
                ...standardBusinessDays.map((dayOfWeek) => ({ dayOfWeek, ...DEFAULT_HOURS, isAvailable: true })),
                ...weekend.map((s) => ({
                  dayOfWeek: dayNames.indexOf(s.dayOfWeek),
                  startTime: s.startTime,
                  endTime: s.endTime,
                  isAvailable: true,
                })),
              ],
            })
          }
        >
          Set Standard Business Hours
        </Button>
        <Button
          variant="destructive-outline"
          disabled={replace.isPending || hours.length === 0}
          onClick={() => setConfirming(true)}
        >
          Clear All Availability
        </Button>
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title="Clear All Availability"
          description="Are you sure you want to clear all availability?"
          confirmLabel="Clear All"
          destructive
          pending={replace.isPending}
          onConfirm={() => replace.mutate({ availability: [] }, { onSuccess: () => setConfirming(false) })}
        />
      </CardContent>
    </Card>
  );
}

export function Statistics({ hours }: { hours: PortalWeeklyHours[] }) {
  const days = new Set(hours.map((s) => s.dayOfWeek)).size;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Statistics</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3">
          <div>
            <dt className="text-sm text-stone-600">Available Days</dt>
            <dd className="text-xl font-bold text-stone-900">{days} / 7</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600">Total Hours/Week</dt>
            <dd className="text-xl font-bold text-stone-900">{totalHours(hours)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
