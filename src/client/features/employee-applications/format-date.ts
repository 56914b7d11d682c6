import { format, isValid, parseISO } from 'date-fns';

/** Application dates read "MMM dd, yyyy" (e.g. "Mar 05, 2026"), in the viewer's time zone. */
export function formatApplicationDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'MMM dd, yyyy') : '';
}
