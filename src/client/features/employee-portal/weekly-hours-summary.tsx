import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { DEFAULT_HOURS, dayNames, standardBusinessDays, totalHours } from '../../../shared/availability-schema';
import { useReplaceWeek, type PortalWeeklyHours } from './employee-portal-api';

export function QuickActions({ hours }: { hours: PortalWeeklyHours[] }) {
  const intl = useIntl();
  const replace = useReplaceWeek();
  const [confirming, setConfirming] = useState(false);
  const weekend = hours.filter(
    (s) => !(standardBusinessDays as readonly number[]).includes(dayNames.indexOf(s.dayOfWeek)),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{intl.formatMessage({ id: 'employeePortal.quickActions' })}</CardTitle>
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
          {intl.formatMessage({ id: 'employeePortal.standardHours' })}
        </Button>
        <Button
          variant="destructive-outline"
          disabled={replace.isPending || hours.length === 0}
          onClick={() => setConfirming(true)}
        >
          {intl.formatMessage({ id: 'employeePortal.clearAll' })}
        </Button>
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={intl.formatMessage({ id: 'employeePortal.clearAll' })}
          description={intl.formatMessage({ id: 'employeePortal.clearAllQuestion' })}
          confirmLabel={intl.formatMessage({ id: 'employeePortal.clearAllConfirm' })}
          destructive
          pending={replace.isPending}
          onConfirm={() => replace.mutate({ availability: [] }, { onSuccess: () => setConfirming(false) })}
        />
      </CardContent>
    </Card>
  );
}

export function Statistics({ hours }: { hours: PortalWeeklyHours[] }) {
  const intl = useIntl();
  const days = new Set(hours.map((s) => s.dayOfWeek)).size;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{intl.formatMessage({ id: 'employeePortal.statistics' })}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3">
          <div>
            <dt className="text-sm text-stone-600">{intl.formatMessage({ id: 'employeePortal.availableDays' })}</dt>
            <dd className="text-xl font-bold text-stone-900">{days} / 7</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-600">{intl.formatMessage({ id: 'employeePortal.totalHours' })}</dt>
            <dd className="text-xl font-bold text-stone-900">
              {intl.formatNumber(Number(totalHours(hours)), { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
