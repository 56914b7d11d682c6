import { createContext, useCallback, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlProvider } from 'react-intl';
import type { Catalogue, PageCatalogue } from '../../shared/i18n/catalogue';
import type { MessageId } from '../../shared/i18n/en';
import { INTL_TAGS } from '../../shared/i18n/locales';
import { saySentence } from '../../shared/i18n/sentence';
import { takePageState } from './page-state';

/**
 * The page's catalogue, as react-intl and useSentence read it: parsed messages as the server gives them, or the
 * English text messages of the development server's page (it keeps the ICU parser).
 */
let catalogue: PageCatalogue | Catalogue = { locale: 'en', messages: {}, sentences: {} };
const listeners = new Set<() => void>();
let wholeCatalogue = takePageState('wholeCatalogue');
let completing: Promise<void> | undefined;

/**
 * Takes the page's catalogue: the one the server wrote into the page (its language only), so the first paint is
 * already in that language and the bundle carries no messages. Only the development server's HTML comes
 * without one; that page then loads the English messages as a chunk of their own.
 */
export async function loadCatalogue(): Promise<void> {
  const given = takePageState('catalogue');
  if (given) catalogue = given;
  else catalogue = { locale: 'en', messages: (await import('../../shared/i18n/en')).messages, sentences: {} };
}

/**
 * A page's HTML carries only what its first script says (src/shared/i18n/first-script.ts); this fetches the
 * rest of its language, once. Awaited before a screen of a later script shows (see `withCatalogue`), and started
 * after the first paint for the first script's texts the build cannot see (a validation message built from a
 * label). A failed fetch is tried again next time; a screen meanwhile shows the ids of the texts not here.
 */
function completeCatalogue(): Promise<void> {
  if (!wholeCatalogue) return Promise.resolve();
  completing ??= fetch(wholeCatalogue)
    .then((response) => (response.ok ? (response.json() as Promise<Omit<PageCatalogue, 'locale'>>) : undefined))
    .then((whole) => {
      if (!whole) throw new Error('The catalogue did not load.');
      catalogue = { locale: catalogue.locale, ...whole };
      wholeCatalogue = undefined;
      listeners.forEach((listener) => listener());
    })
    .catch(() => {
      completing = undefined;
    });
  return completing;
}

/** A later script's module, loaded together with the rest of the catalogue its screens speak. */
export const withCatalogue =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), completeCatalogue()]).then(([module]) => module);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentCatalogue = () => catalogue;

const CatalogueContext = createContext<PageCatalogue | Catalogue>(catalogue);

/** react-intl's provider for the page's catalogue, and the catalogue's sentences for useSentence. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(subscribe, currentCatalogue);
  useEffect(() => {
    // After the page has loaded, so it never competes with the first paint's script and pictures.
    const complete = () => setTimeout(() => void completeCatalogue(), 0);
    if (document.readyState === 'complete') complete();
    else window.addEventListener('load', complete, { once: true });
    return () => window.removeEventListener('load', complete);
  }, []);
  // Parsed (or, on the development server, text) messages; until the rest arrives, only the first script's.
  const messages = current.messages as Record<MessageId, MessageFormatElement[]>;
  return (
    <IntlProvider locale={INTL_TAGS[current.locale]} defaultLocale={INTL_TAGS.en} messages={messages}>
      <CatalogueContext.Provider value={current}>{children}</CatalogueContext.Provider>
    </IntlProvider>
  );
}

/**
 * An English sentence the code wrote (a shared schema's validation message) in the page's language; one without
 * a translation stays English; a label-built one (`Price must be a number`) is said by its pattern. Plain
 * sentences only: a page has no ICU parser, so a screen says a sentence with values as a message of its own.
 * Server error messages need none of this: the server already answers in the page's language (the client sends
 * it as Accept-Language).
 */
export function useSentence(): (sentence: string) => string {
  const catalogue = useContext(CatalogueContext);
  return useCallback((sentence) => saySentence(catalogue, sentence), [catalogue]);
}
