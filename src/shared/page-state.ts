import type { PageCatalogue } from './i18n/catalogue';
import type { BusinessSettings } from './settings';
import type { Session } from './user';

/**
 * The answers a page's first render needs, given by the server inside the page's HTML (a JSON data block with
 * this id): the sign-in check's and the business settings (either may be missing; the client then asks), and
 * the catalogue of the page's language: its messages and sentences, of that language only. When the catalogue
 * holds only what the page's first script says, `wholeCatalogue` is where the whole one is.
 */
export interface PageState {
  session?: Session;
  settings?: BusinessSettings;
  catalogue?: PageCatalogue;
  wholeCatalogue?: string;
}

export const PAGE_STATE_ID = 'page-state';
