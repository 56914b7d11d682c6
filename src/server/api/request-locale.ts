import type { FastifyRequest } from 'fastify';
import { localeFromAcceptLanguage, type Locale } from '../../shared/i18n/locales';

/** The business's default language, for requests that ask for none the product speaks. */
const businessDefaultLocale = (): Locale => 'en';

/**
 * The language of a request's error messages: its `Accept-Language` when the product speaks it, else the business
 * default (CONTRACT: messages follow the header, not a signed-in person's saved choice).
 */
export const requestLocale = (req: FastifyRequest | undefined): Locale =>
  localeFromAcceptLanguage(req?.headers['accept-language']) ?? businessDefaultLocale();
