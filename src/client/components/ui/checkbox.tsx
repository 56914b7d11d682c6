import type { ReactNode } from 'react';

export function Checkbox({
  label,
  checked,
  disabled,
  hint,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  disabled?: boolean;
  hint?: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label
      className="flex items-center gap-2 text-sm font-medium text-stone-800 has-[:disabled]:text-stone-500"
      title={hint}
    >
      <input
        type="checkbox"
        className="h-4 w-4 accent-brand-600"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}
