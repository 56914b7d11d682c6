import { createIntl, type IntlShape } from '@formatjs/intl';
import type { MessageId } from '../../shared/i18n/en';
import type { BusinessSettings } from '../../shared/settings';
import { catalogueFor } from '../../shared/i18n/catalogues';
import { INTL_TAGS, LOCALES, type Locale } from '../../shared/i18n/locales';
import { formatMinutes, toZoned } from '../booking/zoned-time';

type MailId = Extract<MessageId, `mail.${string}`>;
type Values = Record<string, string | number>;

const intls = Object.fromEntries(
  LOCALES.map((locale) => [locale, createIntl({ locale: INTL_TAGS[locale], messages: catalogueFor(locale).messages })]),
) as Record<Locale, IntlShape>;

// English mails have always named the day as the calendar date (2026-05-01); Spanish readers get it written out.
const dayFormats: Record<Locale, (isoDate: string) => string> = {
  en: (isoDate) => isoDate,
  es: (isoDate) =>
    new Intl.DateTimeFormat(INTL_TAGS.es, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${isoDate}T00:00:00Z`),
    ),
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
  const intl = intls[locale];
  const say = (id: MailId, values?: Values) => intl.formatMessage({ id }, values);
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
