import type { FastifyRequest } from 'fastify';
import { localeFromAcceptLanguage, type Locale } from '../../shared/i18n/locales';
import type { SettingsCache } from '../settings/settings-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The business settings of this app, for what must answer without waiting for a read (requestLocale). */
    settingsCache: SettingsCache;
  }
}

/**
 * The language of a request's error messages: its `Accept-Language` when the product speaks it, else the business
 * default (CONTRACT: messages follow the header, not a signed-in person's saved choice).
 */
export const requestLocale = (req: FastifyRequest | undefined): Locale =>
  localeFromAcceptLanguage(req?.headers['accept-language']) ??
  // An error answer must never fail itself: a server put together without the settings (a plugin alone) says English.
  (req?.server.hasDecorator('settingsCache') ? req.server.settingsCache.lastKnown()?.defaultLocale : undefined) ??
  'en';
