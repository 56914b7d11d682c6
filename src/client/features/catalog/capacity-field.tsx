import { FormattedMessage, useIntl } from 'react-intl';
import { catalogLimits } from '../../../shared/catalog';
import { TextField } from '../../components/ui/form';

/** How many customers may book one start with one employee: above 1 the service is a class. */
export function CapacityField() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-1">
      <TextField
        name="capacity"
        label={intl.formatMessage({ id: 'catalog.capacity' })}
        type="number"
        inputMode="numeric"
        step={1}
        min={1}
        max={catalogLimits.capacityMax}
        required
      />
      <p className="text-xs text-stone-600">
        <FormattedMessage id="catalog.capacityText" />
      </p>
    </div>
  );
}
