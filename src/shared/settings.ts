/** Business settings: plain constants and types, free of zod so the storefront bundle stays small. */
import type { Locale } from './i18n/locales';

export const businessTypes = ['products', 'services', 'both'] as const;
export type BusinessType = (typeof businessTypes)[number];

export interface BusinessSettings {
  businessName: string;
  businessDescription: string;
  businessType: BusinessType;
  timezone: string;
  /** A bookable start is at least this many minutes after now. */
  bookingNoticeMinutes: number;
  /** Starts can be booked up to this many days ahead (today counts as day 0). */
  bookingWindowDays: number;
  /** A customer may cancel or reschedule until this many hours before the start. */
  cancellationNoticeHours: number;
  /** Reminder e-mails go out this many minutes before each appointment; empty: none. */
  reminderOffsetsMinutes: number[];
  /** ISO 4217 code of the currency every price is in. Fixed once the first order is placed. */
  currency: string;
  /** The language of a visitor who chose none and whose browser asks for none the product speaks. */
  defaultLocale: Locale;
}

/**
 * The settings of a business before an admin first saves them: the one statement of the defaults, read by the
 * server (no settings row yet) and the client (while loading). The database's column defaults are checked
 * against it by a test (settings-service.test.ts), since db/ cannot import it.
 */
export const defaultSettings: BusinessSettings = {
  businessName: 'Your Business',
  businessDescription: '',
  businessType: 'both',
  timezone: 'UTC',
  bookingNoticeMinutes: 60,
  bookingWindowDays: 30,
  cancellationNoticeHours: 24,
  reminderOffsetsMinutes: [1440, 120],
  currency: 'USD',
  defaultLocale: 'en',
};

/** Which parts of the storefront a business type shows. */
export const showsProducts = (type: BusinessType) => type !== 'services';
export const showsServices = (type: BusinessType) => type !== 'products';
