import { createIntl, type IntlShape } from '@formatjs/intl';
import type { MessageId } from '../../shared/i18n/en';
import type { BusinessSettings } from '../../shared/settings';
import { catalogueFor } from '../../shared/i18n/catalogues';
import { INTL_TAGS, LOCALES, type Locale } from '../../shared/i18n/locales';
import { formatMinutes, toZoned } from '../booking/zoned-time';

// Besides its own messages, a mail names an erased customer as the screens do.
type MailId = Extract<MessageId, `mail.${string}`> | 'customers.deleted';
type Values = Record<string, string | number>;

const intls = Object.fromEntries(
  LOCALES.map((locale) => [locale, createIntl({ locale: INTL_TAGS[locale], messages: catalogueFor(locale).messages })]),
) as Record<Locale, IntlShape>;

type Format = (values?: Values) => string;
const formats = new Map<string, Format>();

/**
 * A message's format, compiled once per language: `formatMessage` found its compiled format again on every call
 * by serialising the message, the locale and every named format to a cache key, most of a booking's mail CPU.
 */
function formatOf(locale: Locale, id: MailId): Format {
  const key = `${locale} ${id}`;
  let format = formats.get(key);
  if (!format) {
    const intl = intls[locale];
    const message = intl.formatters.getMessageFormat(intl.messages[id] as string, intl.locale, intl.formats, {
      formatters: intl.formatters,
    });
    format = (values) => String(message.format(values));
    formats.set(key, format);
  }
  return format;
}

const spanishDay = new Intl.DateTimeFormat(INTL_TAGS.es, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
// English mails have always named the day as the calendar date (2026-05-01); Spanish readers get it written out.
const dayFormats: Record<Locale, (isoDate: string) => string> = {
  en: (isoDate) => isoDate,
  es: (isoDate) => spanishDay.format(new Date(`${isoDate}T00:00:00Z`)),
};

/** What a mail is written with: its recipient's language. */
export interface MailLanguage {
  locale: Locale;
  say(id: MailId, values?: Values): string;
  /** A calendar date (`YYYY-MM-DD`) as the language writes it. */
  day(isoDate: string): string;
  /** An instant as the wall-clock date and time in the business time zone, naming the zone. */
  when(instant: Date, timeZone: string): string;
}

/** How to write to a recipient: in their own language, else the business default (a mail has no browser to ask). */
export function mailLanguage(
  recipient: { email: string; locale?: Locale | null },
  business: Pick<BusinessSettings, 'defaultLocale'>,
): MailLanguage {
  const locale = recipient.locale ?? business.defaultLocale;
  const say = (id: MailId, values?: Values) => formatOf(locale, id)(values);
  const day = dayFormats[locale];
  return {
    locale,
    say,
    day,
    when(instant, timeZone) {
      const zoned = toZoned(instant, timeZone);
      return say('mail.when', { date: day(zoned.date), time: formatMinutes(zoned.minutes), timeZone });
    },
  };
}
