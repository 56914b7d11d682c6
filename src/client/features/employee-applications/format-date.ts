import { isValid, parseISO } from 'date-fns';
import { dateOf } from '../../lib/zoned-time';

/**
 * Application dates read "MMM dd, yyyy" in English (e.g. "Mar 05, 2026"), the page's language's own way otherwise;
 * in the business's time zone (the viewer's when none is given).
 */
export function formatApplicationDate(
  iso: string | null | undefined,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string {
  if (!iso) return '';
  return isValid(parseISO(iso)) ? dateOf(iso, timeZone) : '';
}
