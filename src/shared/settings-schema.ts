import { z } from 'zod';
import { issueMessage, labelMessage, sentence } from './i18n/sentence';
import { businessTypes } from './settings';
import { LOCALES } from './i18n/locales';

const ZBusinessType = z.enum(businessTypes, {
  error: 'Business type must be one of: products, services, both',
});

const ZDefaultLocale = z.enum(LOCALES, { error: 'Default language must be one of: en, es' });

export const settingsMessages = {
  currencyFixed: 'The currency cannot be changed once orders have been placed: their amounts were paid in it.',
};

export const ZBusinessSettings = z.object({
  businessName: z.string(),
  businessDescription: z.string(),
  businessType: ZBusinessType,
  timezone: z.string(),
  bookingNoticeMinutes: z.number().int(),
  bookingWindowDays: z.number().int(),
  cancellationNoticeHours: z.number().int(),
  reminderOffsetsMinutes: z.array(z.number().int()),
  currency: z.string(),
  defaultLocale: ZDefaultLocale,
});
z.globalRegistry.add(ZBusinessSettings, { id: 'BusinessSettings' });

export function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * An ISO 4217 code the runtime knows, of a currency with cents: prices are stored with two decimals, so a
 * currency without minor units (JPY) or with three (KWD) would be shown and charged wrongly.
 */
export function isCurrencyWithCents(code: string) {
  if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf('currency').includes(code)) return false;
  return (
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits === 2
  );
}

/** A whole number within bounds; forms send numeric strings, the REST API numbers. */
function wholeNumber(label: string, min: number, max: number, unit: string) {
  const message = labelMessage('{label} must be a whole number of {unit} from {min} to {max}', label, {
    unit: sentence(unit, {}),
    min: String(min),
    max: String(max),
  });
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

const REMINDERS_MAX = 3;
const ZReminderOffsets = z
  .array(wholeNumber('Each reminder', 5, 10_080, 'minutes before the start'), {
    error: 'Reminders must be a list of minutes before the start, such as [1440, 120]',
  })
  .max(REMINDERS_MAX, issueMessage('At most {max} reminders', { max: String(REMINDERS_MAX) }))
  // Each time once, latest-first order does not matter: kept longest first.
  .transform((offsets) => [...new Set(offsets)].sort((a, b) => b - a));

export const ZUpdateBusinessSettingsInput = z.object({
  businessName: z
    .string({ error: 'Business name is required' })
    .trim()
    .min(1, 'Business name is required')
    .max(120, 'Business name must be at most 120 characters'),
  businessDescription: z.string().trim().max(2000, 'Business description must be at most 2000 characters').nullish(),
  businessType: ZBusinessType.optional(),
  timezone: z
    .string()
    .trim()
    .refine(isTimeZone, 'Time zone must be an IANA time zone name such as Europe/London')
    .optional(),
  bookingNoticeMinutes: wholeNumber('Booking notice', 0, 10_080, 'minutes').optional(),
  bookingWindowDays: wholeNumber('Booking window', 1, 365, 'days').optional(),
  cancellationNoticeHours: wholeNumber('Cancellation notice', 0, 720, 'hours').optional(),
  reminderOffsetsMinutes: ZReminderOffsets.optional(),
  currency: z
    .string({ error: 'Currency must be a three-letter ISO 4217 code such as USD or EUR' })
    .trim()
    .toUpperCase()
    .refine(
      isCurrencyWithCents,
      'Currency must be a three-letter ISO 4217 code of a currency with cents, such as USD or EUR',
    )
    .optional(),
  defaultLocale: ZDefaultLocale.optional(),
});
export type UpdateBusinessSettingsInput = z.infer<typeof ZUpdateBusinessSettingsInput>;

/** The booking rules block of the settings page: all three numbers, sent with the business name the PUT needs. */
export const ZBookingRulesForm = z.object({
  bookingNoticeMinutes: wholeNumber('Booking notice', 0, 10_080, 'minutes'),
  bookingWindowDays: wholeNumber('Booking window', 1, 365, 'days'),
  cancellationNoticeHours: wholeNumber('Cancellation notice', 0, 720, 'hours'),
  /**
   * The form's text, e.g. "1440, 120"; empty turns reminders off. A wrong reminder is told on the field itself (the
   * list's own refusal names the reminder's place, which no field of the form is).
   */
  reminderOffsetsMinutes: z.string().transform((text, ctx) => {
    const parsed = ZReminderOffsets.safeParse(
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    );
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]!.message });
    return z.NEVER;
  }),
});
