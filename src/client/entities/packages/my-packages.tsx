import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '../../components/ui/badge';
import { ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useTimeZone } from '../../lib/session';
import { errorMessage } from '../../lib/trpc';
import { dateKeyOf, dayLabelOf } from '../../lib/zoned-time';
import { creditState, useMyCredits } from './packages-api';

const badges = {
  usable: { id: 'packages.usable', tone: 'success' },
  usedUp: { id: 'packages.usedUp', tone: 'neutral' },
  expired: { id: 'packages.expired', tone: 'danger' },
} as const;

/** "My packages" on /profile: each paid pack with the sessions left and the day to use them by. */
export function MyPackages() {
  const intl = useIntl();
  const credits = useMyCredits();
  const timeZone = useTimeZone();
  return (
    <Card data-testid="my-packages">
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="packages.myTitle" />
        </CardTitle>
      </CardHeader>
      <CardContent>
        {credits.isLoading ? (
          <Spinner label={intl.formatMessage({ id: 'packages.loadingMine' })} />
        ) : credits.isError ? (
          <p className="text-sm text-red-700">{errorMessage(credits.error)}</p>
        ) : !credits.data?.length ? (
          <div className="flex flex-col items-start gap-3 text-sm text-stone-600">
            <FormattedMessage id="packages.noneMine" />
            <ButtonLink to="/services" variant="outline" size="sm">
              <FormattedMessage id="packages.browse" />
            </ButtonLink>
          </div>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-100">
            {credits.data.map((credit) => {
              const badge = badges[creditState(credit)];
              return (
                <li key={credit.id} className="flex items-start justify-between gap-3 py-3" data-testid="my-package">
                  <div className="min-w-0">
                    <p className="font-medium text-stone-900">{credit.name}</p>
                    <p className="text-sm text-stone-700" data-testid="sessions-left">
                      <FormattedMessage
                        id="packages.left"
                        values={{ remaining: credit.remaining, sessions: credit.sessions }}
                      />
                    </p>
                    <p className="text-sm text-stone-600">
                      <FormattedMessage
                        id="packages.expires"
                        values={{ date: dayLabelOf(dateKeyOf(credit.expiresAt, timeZone), 'monthDayYear') }}
                      />
                    </p>
                  </div>
                  <Badge tone={badge.tone} className="shrink-0 whitespace-nowrap">
                    <FormattedMessage id={badge.id} />
                  </Badge>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
