import { z } from 'zod';

/**
 * Strings the server always sends in one format, documented with it (OpenAPI `format`) so that integrators'
 * generated clients can rely on it. Documentation only: the values come from the database, and the REST contract
 * tests check every answer against the document, format included.
 */
export const zInstant = () => z.string().meta({ format: 'date-time', description: 'An instant, ISO 8601 in UTC' });
export const zCalendarDate = () => z.string().meta({ format: 'date', description: 'A date, YYYY-MM-DD' });
