import { useFormContext, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { SelectField, TextField } from '../../components/ui/form';
import { useDepositsByCard } from './catalog-api';

/** The service dialog's deposit: what a customer pays when booking (by card, or at the appointment without cards). */
export function ServiceDepositFields() {
  const intl = useIntl();
  const depositOptions = [
    { value: 'none', label: intl.formatMessage({ id: 'catalog.noDeposit' }) },
    { value: 'fixed', label: intl.formatMessage({ id: 'catalog.fixedDeposit' }) },
    { value: 'full', label: intl.formatMessage({ id: 'catalog.fullDeposit' }) },
  ];
  const { control } = useFormContext<{ deposit: { type: string } }>();
  const type = useWatch({ control, name: 'deposit.type' });
  // Without card payments a deposit is paid at the appointment (docs/booking.md, Deposits): say which applies.
  const byCard = useDepositsByCard();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-stone-800">
        <FormattedMessage id="catalog.deposit" />
      </legend>
      {byCard !== undefined && (
        <p className="text-xs text-stone-600" data-testid="deposit-payment-text">
          <FormattedMessage id={byCard ? 'catalog.depositByCardText' : 'catalog.depositAtAppointmentText'} />
        </p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          name="deposit.type"
          label={intl.formatMessage({ id: 'catalog.deposit' })}
          options={depositOptions}
        />
        {type === 'fixed' && (
          <TextField
            name="deposit.amount"
            label={intl.formatMessage({ id: 'catalog.depositAmount' })}
            inputMode="decimal"
            placeholder="20.00"
            required
          />
        )}
      </div>
    </fieldset>
  );
}
