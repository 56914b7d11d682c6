import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
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
const wholeCatalogue = takePageState('wholeCatalogue');
let completing: Promise<void> | undefined;

/**
 * Takes the page's catalogue: the one the server wrote into the page (its language only), so the first paint is
 * already in that language and the bundle carries no messages. Only the development server's HTML comes
 * without one; that page then loads the English messages as a chunk of their own.
 */
export async function loadCatalogue(): Promise<void> {
  if (!takeGivenCatalogue())
    catalogue = { locale: 'en', messages: (await import('../../shared/i18n/en')).messages, sentences: {} };
}

/** Takes the catalogue the page's state gives, if it gives one (on the server, always: server-render.tsx). */
export function takeGivenCatalogue(): boolean {
  const given = takePageState('catalogue');
  if (given) catalogue = given;
  return !!given;
}

/** The rest of the page's language, once fetched (src/shared/i18n/first-script.ts). */
let whole: Omit<PageCatalogue, 'locale'> | undefined;

/**
 * A page's HTML carries only what its first script says; this fetches the rest of its language, once. Started
 * after the page has loaded, for the first script's texts the build cannot see (a label a validation message
 * names, said by useSentence), and awaited before a screen of a later script shows (`withCatalogue`). A failed
 * fetch is tried again next time; a screen meanwhile shows the ids of the texts not here.
 */
function fetchRest(): Promise<void> {
  if (!wholeCatalogue || whole) return Promise.resolve();
  completing ??= fetch(wholeCatalogue)
    .then((response) => (response.ok ? (response.json() as Promise<Omit<PageCatalogue, 'locale'>>) : undefined))
    .then((fetched) => {
      if (!fetched) throw new Error('The catalogue did not load.');
      whole = fetched;
    })
    .catch(() => {
      completing = undefined;
    });
  return completing;
}

/**
 * The rest, given to react-intl when a later screen is about to show. Added to the messages react-intl already
 * has, in place: nothing on screen says a text it did not have, so nothing renders again (a new messages object
 * made every text on the page render again, in one long task, as the shop's gift card section appeared). A screen
 * that showed ids while the fetch failed shows its texts when it next renders.
 */
async function completeCatalogue(): Promise<void> {
  await fetchRest();
  if (!whole || completed) return;
  Object.assign(catalogue.messages, whole.messages);
  completed = true;
}
let completed = false;

/** A later script's module, loaded together with the rest of the catalogue its screens speak. */
export const withCatalogue =
  <T,>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), completeCatalogue()]).then(([module]) => module);

/**
 * A screen (a page, or a part of one) of a later script: `load` imports its module, `name` is the component it
 * exports; the rest of the catalogue comes with it, and `fallback` takes its place until both are here.
 */
export function later<K extends string, P extends object>(
  load: () => Promise<{ [key in K]: (props: P) => ReactNode }>,
  name: K,
  fallback: ReactNode,
) {
  const Lazy = lazy(() =>
    withCatalogue(load)().then((module): { default: (props: P) => ReactNode } => ({ default: module[name] })),
  );
  return function Later(props: P) {
    // A page rendered by the server (server-render.tsx) shows the fallback, and so does the browser's first render
    // of it, which must match it; the screen then loads. The server has neither the module's texts nor a reason to
    // wait for it.
    if (!useSyncExternalStore(noChange, inBrowser, onServer)) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

const noChange = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** react-intl's provider for the page's catalogue. */
export function I18nProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    // After the page has loaded, so it never competes with the first paint's script and pictures.
    const complete = () => setTimeout(() => void fetchRest(), 0);
    if (document.readyState === 'complete') complete();
    else window.addEventListener('load', complete, { once: true });
    return () => window.removeEventListener('load', complete);
  }, []);
  // Parsed (or, on the development server, text) messages; until the rest arrives, only the first script's.
  const messages = catalogue.messages as Record<MessageId, MessageFormatElement[]>;
  return (
    <IntlProvider locale={INTL_TAGS[catalogue.locale]} defaultLocale={INTL_TAGS.en} messages={messages}>
      {children}
    </IntlProvider>
  );
}

/**
 * A sentence the code wrote (a shared schema's validation message: a plain sentence, or the text of one with
 * values, issueMessage) in the page's language; one without a translation stays English. Its template is looked
 * up as written and filled in without an ICU parser, which a page has not: the schemas' templates name plain
 * values only. Said with the whole catalogue's sentences once they are here, the page's own before. Server error
 * messages need none of this: the server already answers in the page's language (the client sends it as
 * Accept-Language).
 */
export function useSentence(): (sentence: string) => string {
  return sayPlain;
}

// One speaker per set of sentences: saySentence keeps a formatter by speaker.
let speaker: Pick<Catalogue, 'locale' | 'sentences'> | undefined;
function sayPlain(sentence: string): string {
  const sentences = whole?.sentences ?? catalogue.sentences;
  if (speaker?.sentences !== sentences) speaker = { locale: catalogue.locale, sentences };
  return saySentence(speaker, sentence);
}
