import { z } from 'zod';

/**
 * Strings the server always sends in one format, documented with it (OpenAPI `format`) so that integrators'
 * generated clients can rely on it. Documentation only: the values come from the database, and the REST contract
 * tests check every answer against the document, format included.
 */
export const zInstant = () => z.string().meta({ format: 'date-time', description: 'An instant, ISO 8601 in UTC' });
export const zCalendarDate = () => z.string().meta({ format: 'date', description: 'A date, YYYY-MM-DD' });

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A real calendar date written YYYY-MM-DD (no 2026-02-30). Years 1900-9998 only: JavaScript reads years below
 * 100 as 19xx, and the day after a date must still be a four-digit year for the servers' calendar arithmetic.
 */
export function isCalendarDate(value: string): boolean {
  const m = CALENDAR_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 9998 &&
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day
  );
}

/**
 * A calendar date a caller sends: documented with its pattern and `format: date`, refused with `message` unless it
 * is a real date.
 */
export const zDateInput = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message, abort: true })
    .refine(isCalendarDate, message)
    .meta({ format: 'date' });

const INSTANT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An instant a caller sends, as OpenAPI's `format: date-time` (RFC 3339) allows it: a real date, a time with seconds
 * and a zone (Z or ±HH:MM). Inputs that document the format accept exactly these.
 */
export function isInstant(value: string): boolean {
  const m = INSTANT.exec(value);
  return !!m && isCalendarDate(m[1]!) && !Number.isNaN(Date.parse(value));
}

/** An instant a caller sends (isInstant: no year 0000, which the database cannot hold), refused with `message`. */
export const zInstantInput = (message: string) =>
  // abort: a refinement after it (a future date, say) then adds no second sentence about what is no date at all.
  z.string({ error: message }).refine(isInstant, { message, abort: true }).meta({ format: 'date-time' });
