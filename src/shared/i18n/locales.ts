/** The languages the product speaks. English is the language of the texts as written in the code and the docs. */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The tag `Intl` formats with: a region is needed for a stable money and date format (`$12.00`, `12,00 €`). */
export const INTL_TAGS: Record<Locale, string> = { en: 'en-US', es: 'es-ES' };

/** Names of the languages in themselves, as a language menu lists them. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/**
 * The first language of an `Accept-Language` header the product speaks, by the header's q-values (a region is
 * ignored: `es-MX` is Spanish); undefined when there is none.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: range.trim().toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((r) => r.language).find(isLocale);
}

/** Which language a person sees: their own choice, else their browser's, else the business's default. */
export function resolveLocale(choice: {
  user?: Locale | null;
  acceptLanguage?: string;
  businessDefault: Locale;
}): Locale {
  return choice.user ?? localeFromAcceptLanguage(choice.acceptLanguage) ?? choice.businessDefault;
}
