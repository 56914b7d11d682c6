import { catalogLimits } from '../../../shared/catalog';
import { TextField } from '../../components/ui/form';

/** How many customers may book one start with one employee: above 1 the service is a class. */
export function CapacityField() {
  return (
    <div className="flex flex-col gap-1">
      <TextField
        name="capacity"
        label="Capacity"
        type="number"
        inputMode="numeric"
        step={1}
        min={1}
        max={catalogLimits.capacityMax}
        required
      />
      <p className="text-xs text-stone-600">
        Customers who can book the same time with the same employee. More than 1 makes it a class.
      </p>
    </div>
  );
}

/** The service list's mention of a class: "class of 8" (nothing for an ordinary service). */
export const capacityNote = (capacity: number) => (capacity > 1 ? ` · class of ${capacity}` : '');
