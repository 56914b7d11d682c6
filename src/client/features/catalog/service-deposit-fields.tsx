import { useFormContext, useWatch } from 'react-hook-form';
import { SelectField, TextField } from '../../components/ui/form';

const depositOptions = [
  { value: 'none', label: 'No deposit' },
  { value: 'fixed', label: 'A fixed amount' },
  { value: 'full', label: 'The full price' },
];

/** The service dialog's deposit: what a customer pays when booking (by card, or at the appointment without cards). */
export function ServiceDepositFields() {
  const { control } = useFormContext<{ deposit: { type: string } }>();
  const type = useWatch({ control, name: 'deposit.type' });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-stone-800">Deposit</legend>
      <p className="text-xs text-stone-600">
        Paid when booking. It is refunded when the customer cancels within the cancellation notice, and kept after a
        late cancellation or a no-show.
      </p>
      <div className="grid grid-cols-2 gap-3">
        <SelectField name="deposit.type" label="Deposit" options={depositOptions} />
        {type === 'fixed' && (
          <TextField name="deposit.amount" label="Deposit amount" inputMode="decimal" placeholder="20.00" required />
        )}
      </div>
    </fieldset>
  );
}
