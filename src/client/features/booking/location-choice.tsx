import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Select } from '../../components/ui/select';
import type { useBookingLocation } from './booking-api';

/** The booking pages' first question when the business has more than one location; nothing otherwise. */
export function LocationChoice({ choice }: { choice: ReturnType<typeof useBookingLocation> }) {
  const intl = useIntl();
  const id = useId();
  if (!choice.asks || !choice.location) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        <FormattedMessage id="locations.choose" />
      </label>
      <Select
        id={id}
        aria-describedby={`${id}-hint`}
        value={choice.location.id}
        onValueChange={choice.choose}
        options={choice.locations.map((l) => ({
          value: l.id,
          label: l.address ? `${l.name} (${l.address})` : l.name,
        }))}
      />
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {intl.formatMessage({ id: 'locations.chooseHint' })}
      </p>
    </div>
  );
}
