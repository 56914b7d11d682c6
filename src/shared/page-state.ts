import type { PageCatalogue } from './i18n/catalogue';
import type { BusinessSettings } from './settings';
import type { Session } from './user';

/**
 * The answers a page's first render needs, given by the server inside the page's HTML (a JSON data block with
 * this id): the sign-in check's and the business settings (either may be missing; the client then asks), and
 * the catalogue of the page's language: its messages and sentences, of that language only. When the catalogue
 * holds only what the page's first script says, `wholeCatalogue` is where the whole one is. `lists` are the
 * answers of the catalogue lists the page shows first, by their REST path, as that path answers the visitor.
 */
export interface PageState {
  session?: Session;
  settings?: BusinessSettings;
  catalogue?: PageCatalogue;
  wholeCatalogue?: string;
  lists?: Partial<Record<CatalogListPath, readonly unknown[]>>;
}

/** The catalogue lists a page can carry: those the storefront's first screens show. */
export type CatalogListPath = '/api/products' | '/api/services' | '/api/products/featured' | '/api/services/featured';

export const PAGE_STATE_ID = 'page-state';

/**
 * A page's first screen as HTML. `leave` when the page is one its visitor must sign in for: the guard's notice
 * (HTML, shown over the screen) and where the page goes once it has been shown for `afterMs`.
 */
export interface FirstScreen {
  html: string;
  leave?: { notice: string; to: string; afterMs: number };
}

/**
 * The first screen of a page for its address and state (src/client/server-render.tsx, used by the server's
 * src/server/http/client.ts).
 */
export type RenderFirstScreen = (url: string, state: PageState) => FirstScreen;
