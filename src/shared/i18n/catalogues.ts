import type { Catalogue } from './catalogue';
import type { Locale } from './locales';
import { messages as enMessages } from './en';
import { messages as esMessages } from './es';
import { sentences as esSentences } from './es/sentences';

const catalogues: Record<Locale, Catalogue> = {
  // English is the language the code writes its sentences in: they need no translation.
  en: { locale: 'en', messages: enMessages, sentences: {} },
  es: { locale: 'es', messages: esMessages, sentences: esSentences },
};

/** Everything one language says, for the server (mails, error messages) and the page state. */
export const catalogueFor = (locale: Locale): Catalogue => catalogues[locale];
