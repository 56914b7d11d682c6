import type { BusinessSettings } from './settings';
import type { Session } from './user';

/**
 * The answers a page's first render needs, given by the server inside the page's HTML (a JSON data block with
 * this id): the sign-in check's and the business settings. Either may be missing; the client then asks.
 */
export interface PageState {
  session?: Session;
  settings?: BusinessSettings;
}

export const PAGE_STATE_ID = 'page-state';
