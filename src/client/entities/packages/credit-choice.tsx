import { FormattedMessage, useIntl } from 'react-intl';
import { creditCovers } from '../../../shared/package-schema';
import { Checkbox } from '../../components/ui/checkbox';
import { useTimeZone } from '../../lib/session';
import { dateKeyOf, dayLabelOf } from '../../lib/zoned-time';
import { useMyCredits } from './packages-api';

/**
 * On a booking page, for a service one of the customer's packages covers: "Use a session from <pack>" (the one that
 * expires first). Checked, the booking is prepaid with one of its sessions. Nothing when no package covers it.
 */
export function CreditChoice({
  serviceId,
  value,
  onChange,
}: {
  serviceId: string | undefined;
  value: string | null;
  onChange: (creditId: string | null) => void;
}) {
  const intl = useIntl();
  const timeZone = useTimeZone();
  const credits = useMyCredits();
  const now = new Date();
  const credit = serviceId ? credits.data?.find((c) => creditCovers(c, serviceId, now)) : undefined;
  if (!credit) return null;
  return (
    <div className="rounded-lg bg-brand-50 px-3 py-2" data-testid="credit-choice">
      <Checkbox
        label={intl.formatMessage({ id: 'packages.useSession' }, { name: credit.name })}
        checked={value === credit.id}
        onChange={(checked) => onChange(checked ? credit.id : null)}
      />
      <p className="ml-6 text-sm text-stone-700">
        <FormattedMessage
          id="packages.useSessionHint"
          values={{
            remaining: credit.remaining,
            date: dayLabelOf(dateKeyOf(credit.expiresAt, timeZone), 'monthDayYear'),
          }}
        />
      </p>
    </div>
  );
}
