import { FormattedMessage } from 'react-intl';
import { DEPOSIT_HOLD_MINUTES } from '../../../shared/booking';
import { depositAmount, type Deposit } from '../../../shared/catalog';
import { fromCents, toCents } from '../../../shared/orders';
import { useFormatMoney } from '../../lib/money';
import { useBusinessSettings } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/**
 * What a service's deposit asks on the booking pages: the amount (each and in all for a series), how it is paid
 * (by card when booking, or at the appointment when card payments are not configured) and when it is refundable.
 */
export function DepositNote({
  service,
  occurrences = 1,
}: {
  service: { price: string; deposit: Deposit };
  occurrences?: number;
}) {
  const money = useFormatMoney();
  const { cancellationNoticeHours } = useBusinessSettings();
  const methods = trpc.orders.paymentMethods.useQuery(undefined, { enabled: service.deposit.type !== 'none' });
  if (service.deposit.type === 'none' || !methods.data) return null;
  const amount = depositAmount(service.deposit, service.price);
  const byCard = methods.data.methods.includes('stripe');
  return (
    <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-stone-800" data-testid="deposit-note">
      <span className="font-medium">
        {occurrences > 1 ? (
          <FormattedMessage
            id="booking.depositSeries"
            values={{ each: money(amount), total: money(fromCents(toCents(amount) * occurrences)) }}
          />
        ) : (
          <FormattedMessage id="booking.deposit" values={{ amount: money(amount) }} />
        )}
      </span>{' '}
      {byCard ? (
        <FormattedMessage
          id="booking.depositByCard"
          values={{ minutes: DEPOSIT_HOLD_MINUTES, hours: cancellationNoticeHours }}
        />
      ) : (
        <FormattedMessage id="booking.depositAtAppointment" />
      )}
    </p>
  );
}
