import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Catalogue } from '../../shared/i18n/catalogue';
import { INTL_TAGS } from '../../shared/i18n/locales';
import { takePageState } from './page-state';

/**
 * The page's catalogue: the one the server wrote into the page (its language only), so the first paint is
 * already in that language and the bundle carries no messages. Only the development server's HTML comes
 * without one; that page then loads the English messages as a chunk of their own.
 */
export async function loadCatalogue(): Promise<Catalogue> {
  const given = takePageState('catalogue');
  if (given) return given;
  const { messages } = await import('../../shared/i18n/en');
  return { locale: 'en', messages, sentences: {} };
}

const SentencesContext = createContext<Record<string, string>>({});

/** react-intl's provider for the catalogue, and the catalogue's sentences for useSentence. */
export function I18nProvider({ catalogue, children }: { catalogue: Catalogue; children: ReactNode }) {
  return (
    <IntlProvider locale={INTL_TAGS[catalogue.locale]} defaultLocale={INTL_TAGS.en} messages={catalogue.messages}>
      <SentencesContext.Provider value={catalogue.sentences}>{children}</SentencesContext.Provider>
    </IntlProvider>
  );
}

/**
 * An English sentence the code wrote (a shared schema's validation message) in the page's language; one without
 * a translation stays English. Server error messages need none: the server already answers in the page's
 * language (the client sends it as Accept-Language).
 */
export function useSentence(): (sentence: string) => string {
  const sentences = useContext(SentencesContext);
  return useCallback((sentence) => sentences[sentence] ?? sentence, [sentences]);
}
