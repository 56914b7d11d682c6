// Pieces the weekly hours and date override cards share.
import { halfHourOptions } from '../../../shared/availability-schema';

/** The half-hour choices of the time selects. */
export const timeOptions = halfHourOptions.map((t) => ({ value: t, label: t }));

export function TrashIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
