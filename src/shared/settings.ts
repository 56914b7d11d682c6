/** Business settings: plain constants and types, free of zod so the storefront bundle stays small. */
export const businessTypes = ['products', 'services', 'both'] as const;
export type BusinessType = (typeof businessTypes)[number];

export const DEFAULT_BUSINESS_NAME = 'Your Business';
/** Prices are in this currency until the business settings name another. */
export const DEFAULT_CURRENCY = 'USD';

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
}

export const DEFAULT_BOOKING_NOTICE_MINUTES = 60;
export const DEFAULT_BOOKING_WINDOW_DAYS = 30;
export const DEFAULT_CANCELLATION_NOTICE_HOURS = 24;

/** Which parts of the storefront a business type shows. */
export const showsProducts = (type: BusinessType) => type !== 'services';
export const showsServices = (type: BusinessType) => type !== 'products';
