import { PAGE_STATE_ID, type CatalogListPath, type PageState } from '../../shared/page-state';
import type { Locale } from '../../shared/i18n/locales';

/** The answers the server gave inside this page's HTML (src/server/http/client.ts), read once at start. */
let state: PageState = readPageState();

/**
 * On the server, the state of the page being rendered (server-render.tsx). Module state is safe there because
 * a render is synchronous: no other page's render runs between this call and the end of the render.
 */
export function givePageState(given: PageState): void {
  state = { ...given, ...(given.lists && { lists: { ...given.lists } }) };
  pageCatalogue = given.catalogue;
}

function readPageState(): PageState {
  const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_STATE_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as PageState) : {};
  } catch {
    return {};
  }
}

/**
 * The page's answer for one query, to start its cache with. Given once: it describes the moment the page was
 * served, so a query made again later (after its cache was dropped) asks the server.
 */
export function takePageState<K extends keyof PageState>(key: K): PageState[K] {
  const value = state[key];
  delete state[key];
  return value;
}

/** The page's answer for one catalogue list, given once as takePageState gives the others. */
export function takePageList<T>(path: CatalogListPath): T[] | undefined {
  const list = state.lists?.[path];
  delete state.lists?.[path];
  return list as T[] | undefined;
}

/**
 * The page's language, for the whole life of the page (choosing another reloads it). English when the page
 * came without a catalogue (the development server's HTML: see loadCatalogue in i18n.tsx).
 */
export const pageLocale = (): Locale => pageCatalogue?.locale ?? 'en';

/** Kept apart from the other answers: the catalogue is read for the page's whole life, not taken once. */
let pageCatalogue = state.catalogue;
