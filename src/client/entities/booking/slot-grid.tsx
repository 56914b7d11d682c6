import { cn } from '../../lib/cn';

export interface SlotOption {
  /** what is sent (e.g. the ISO instant) */
  value: string;
  /** what is shown (e.g. "09:30") */
  label: string;
  /** a second, smaller line (e.g. a class's "3 seats left") */
  note?: string;
}

/**
 * A choice of start times as a grid of native radio buttons (arrow keys move between them, the group has a
 * name): `legend` names the group for screen readers and is shown unless `hideLegend`.
 */
export function SlotGrid({
  name,
  legend,
  hideLegend = false,
  options,
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
  className,
}: {
  name: string;
  legend: string;
  hideLegend?: boolean;
  options: readonly SlotOption[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
}) {
  return (
    <fieldset className={cn('min-w-0', className)} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend className={hideLegend ? 'sr-only' : 'mb-2 text-sm font-medium text-stone-800'}>{legend}</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'flex min-h-10 cursor-pointer flex-col items-center justify-center rounded-lg border py-1 text-sm font-medium transition-colors',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-1',
                checked
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-stone-300 bg-white text-stone-800 hover:border-brand-500 hover:bg-brand-50',
                disabled && 'cursor-not-allowed opacity-50',
              )}
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={option.value}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(option.value)}
              />
              {option.label}
              {option.note && (
                <span className={cn('text-xs font-normal', checked ? 'text-white' : 'text-stone-600')}>
                  {option.note}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
