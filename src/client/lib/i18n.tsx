import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Catalogue } from '../../shared/i18n/catalogue';
import { INTL_TAGS } from '../../shared/i18n/locales';
import { saySentence, type Sentence } from '../../shared/i18n/sentence';
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

const CatalogueContext = createContext<Catalogue>({
  locale: 'en',
  messages: {} as Catalogue['messages'],
  sentences: {},
});

/** react-intl's provider for the catalogue, and the catalogue's sentences for useSentence. */
export function I18nProvider({ catalogue, children }: { catalogue: Catalogue; children: ReactNode }) {
  return (
    <IntlProvider locale={INTL_TAGS[catalogue.locale]} defaultLocale={INTL_TAGS.en} messages={catalogue.messages}>
      <CatalogueContext.Provider value={catalogue}>{children}</CatalogueContext.Provider>
    </IntlProvider>
  );
}

/**
 * An English sentence the code wrote (a shared schema's validation message) in the page's language; one without
 * a translation stays English; a label-built one (`Price must be a number`) is said by its pattern. Server error messages need none: the server already answers in the page's
 * language (the client sends it as Accept-Language).
 */
export function useSentence(): (sentence: Sentence | string) => string {
  const catalogue = useContext(CatalogueContext);
  return useCallback((sentence) => saySentence(catalogue, sentence), [catalogue]);
}
