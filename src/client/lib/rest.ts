import { pageLocale } from './page-state';

/**
 * Sent with every API request: the server's messages are then in the page's language, also for a person whose
 * chosen language is not their browser's.
 */
export const languageHeader = () => ({ 'accept-language': pageLocale() });

/** A non-OK answer of a REST read: its message is "<status>: <body text>" (the status text when the body is empty). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
  }
}

/** GET a JSON document of the REST API with the session cookie; the type comes from the procedure that answers it. */
export async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(path, {
    credentials: 'include',
    cache: 'no-cache',
    headers: { accept: 'application/json', ...languageHeader() },
  });
  if (!res.ok) throw new HttpError(res.status, await res.text(), res.statusText);
  return (await res.json()) as T;
}

/**
 * Query keys of the catalogue lists read over REST. Kept here, not in a feature, because the shop, the home page
 * and the admin pages read the same lists and every catalogue write invalidates them all.
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  list: (kind: 'products' | 'services') => ['catalog', kind] as const,
  featured: (kind: 'products' | 'services') => ['catalog', kind, 'featured'] as const,
};
