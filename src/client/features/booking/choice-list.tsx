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
  options: { value: string; title: string; detail?: ReactNode; leading?: ReactNode }[];
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
                'flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                checked ? 'border-brand-600 bg-brand-50' : 'border-stone-200 bg-white hover:border-brand-500',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="h-4 w-4 accent-brand-600"
              />
              {option.leading}
              <span className="flex min-w-0 flex-col">
                <span className="font-medium text-stone-900">{option.title}</span>
                {option.detail && <span className="text-sm text-stone-600">{option.detail}</span>}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
