import type { ReactNode } from 'react';

import { cn } from '../../lib/cn';

/** A list of cards to pick one from, as native radio buttons. */
export function ChoiceList({
  legend,
  name,
  value,
  onChange,
  options,
  empty,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** A disabled option is shown (its detail says why) but cannot be chosen. */
  options: { value: string; title: string; detail?: ReactNode; leading?: ReactNode; disabled?: boolean }[];
  empty: string;
}) {
  if (!options.length) return <p className="text-sm text-stone-600">{empty}</p>;
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cn(
                'flex items-center gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                option.disabled
                  ? 'cursor-not-allowed border-stone-200 bg-stone-50'
                  : checked
                    ? 'cursor-pointer border-brand-600 bg-brand-50'
                    : 'cursor-pointer border-stone-200 bg-white hover:border-brand-500',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                className="h-4 w-4 accent-brand-600"
              />
              {option.leading}
              <span className="flex min-w-0 flex-col">
                <span className={cn('font-medium', option.disabled ? 'text-stone-500' : 'text-stone-900')}>
                  {option.title}
                </span>
                {option.detail && <span className="text-sm text-stone-600">{option.detail}</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
