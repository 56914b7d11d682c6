import { FormattedMessage } from 'react-intl';
import type { Appointment } from '../../../shared/appointment-schema';
import { useFormatMoney } from '../../lib/money';

const sentences: Record<
  Exclude<Appointment['paymentStatus'], 'not_required' | 'prepaid'>,
  (amount: string) => string
> = {
  unpaid: (amount) => `Deposit ${amount} due`,
  paid: (amount) => `Deposit ${amount} paid`,
  refunded: (amount) => `Deposit ${amount} refunded`,
  failed: () => 'Deposit not paid in time',
};

/** Where an appointment's deposit stands, for the customer's profile and the staff calendar; nothing without one. */
export function DepositStatus({ appointment }: { appointment: Pick<Appointment, 'paymentStatus' | 'amountDue'> }) {
  const money = useFormatMoney();
  if (appointment.paymentStatus === 'not_required') return null;
  if (appointment.paymentStatus === 'prepaid')
    return (
      <p className="text-sm text-stone-700" data-testid="deposit-status">
        <FormattedMessage id="packages.paidWithSession" />
      </p>
    );
  return (
    <p className="text-sm text-stone-700" data-testid="deposit-status">
      {sentences[appointment.paymentStatus](money(appointment.amountDue))}
    </p>
  );
}
