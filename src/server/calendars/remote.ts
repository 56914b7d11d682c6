import { calendarMultiGet, calendarQuery, createAccount, deleteObject, fetchCalendars, updateObject } from 'tsdav';
import { AppError } from '../app-error';
import { sentence } from '../../shared/i18n/sentence';
import { checkDestination, type DestinationPolicy } from '../webhooks/destination';

/**
 * Talking to calendar servers: CalDAV through tsdav, ICS addresses by a plain GET. Every request has a time
 * limit, and every failure becomes an AppError whose sentence says what went wrong for the person who connected
 * the calendar (it is shown as the connection's last error).
 */

export interface RemoteOptions {
  policy: DestinationPolicy;
  /** Per request (default 10 s): a slow server must not hold a sync job for minutes. */
  timeoutMs?: number;
  /** Tests inject a fetch; otherwise the global one. */
  fetch?: typeof fetch;
}

export interface CalDavAccount {
  url: string;
  username: string;
  password: string;
}

export interface RemoteCalendar {
  href: string;
  name: string;
  ctag: string | null;
  syncToken: string | null;
}

export interface RemoteObject {
  href: string;
  etag: string | null;
}

const DEFAULT_TIMEOUT_MS = 10_000;

const hostOf = (url: string) => new URL(url).host;

/**
 * A fetch with a time limit that turns refusals and unreachable servers into sentences. Once a request has run out
 * of time, the client's later requests fail at once with the same sentence: a discovery asks up to four addresses
 * (and tsdav swallows the failures of the first ones), so a silent server would otherwise keep the person who is
 * connecting it waiting four time limits, and a sync job as many as it has requests.
 */
function remoteFetch(url: string, options: RemoteOptions): typeof fetch {
  const host = hostOf(url);
  const base = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timedOut: AppError | undefined;
  return async (input, init) => {
    if (timedOut) throw timedOut;
    let response: Response;
    try {
      response = await base(input, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        timedOut = new AppError(
          'BAD_REQUEST',
          sentence('The calendar server {host} did not answer in time.', { host }),
        );
        throw timedOut;
      }
      throw new AppError('BAD_REQUEST', sentence('The calendar server {host} could not be reached.', { host }));
    }
    if (response.status === 401 || response.status === 403)
      throw new AppError('BAD_REQUEST', 'The calendar server refused the user name or password.');
    if (response.status >= 500)
      throw new AppError(
        'BAD_REQUEST',
        sentence('The calendar server {host} answered with an error ({status}).', { host, status: response.status }),
      );
    return response;
  };
}

/** In production a calendar URL obeys the webhook destination rule: public addresses only. */
export function checkCalendarUrl(url: string, policy: DestinationPolicy): Promise<void> {
  return checkDestination(url, policy, 'calendar');
}

const basicAuth = (account: CalDavAccount) => ({
  authorization: `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`,
});

const eventFilter = [
  { 'comp-filter': { _attributes: { name: 'VCALENDAR' }, 'comp-filter': { _attributes: { name: 'VEVENT' } } } },
];

/** A CalDAV client for one account. */
export function calDav(account: CalDavAccount, options: RemoteOptions) {
  const headers = basicAuth(account);
  const remote = { headers, fetch: remoteFetch(account.url, options) };

  return {
    /** The account's event calendars (discovery through the well-known address, the principal and its home). */
    async calendars(): Promise<RemoteCalendar[]> {
      let calendars;
      try {
        const found = await createAccount({
          account: { serverUrl: account.url, accountType: 'caldav', credentials: {} },
          ...remote,
        });
        calendars = await fetchCalendars({ account: found, ...remote });
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('BAD_REQUEST', 'No CalDAV calendars were found at that address.');
      }
      return calendars
        .filter((c) => !c.components?.length || c.components.includes('VEVENT'))
        .map((c) => ({
          href: c.url,
          name: typeof c.displayName === 'string' && c.displayName ? c.displayName : nameFromHref(c.url),
          ctag: c.ctag ?? null,
          syncToken: c.syncToken ?? null,
        }));
    },

    /** Every event resource of a calendar with its ETag (no data: unchanged ones are not read). */
    async objects(calendarHref: string): Promise<RemoteObject[]> {
      const responses = await calendarQuery({
        url: calendarHref,
        props: { 'd:getetag': {} },
        filters: eventFilter,
        depth: '1',
        ...remote,
      });
      return responses
        .filter((r) => r.href && r.ok !== false)
        .map((r) => ({ href: new URL(r.href!, calendarHref).href, etag: etagOf(r.props?.getetag) }));
    },

    /** The data of some resources, read together (calendar-multiget), in slices the server can take. */
    async read(calendarHref: string, hrefs: string[]): Promise<(RemoteObject & { data: string })[]> {
      const read: (RemoteObject & { data: string })[] = [];
      for (let i = 0; i < hrefs.length; i += MULTIGET_SLICE) {
        const responses = await calendarMultiGet({
          url: calendarHref,
          props: { 'd:getetag': {}, 'c:calendar-data': {} },
          objectUrls: hrefs.slice(i, i + MULTIGET_SLICE).map((href) => new URL(href).pathname),
          depth: '1',
          ...remote,
        });
        for (const r of responses) {
          const data = r.props?.calendarData?._cdata ?? r.props?.calendarData;
          if (r.href && typeof data === 'string')
            read.push({ href: new URL(r.href, calendarHref).href, etag: etagOf(r.props?.getetag), data });
        }
      }
      return read;
    },

    /** Writes (creates or replaces) one resource; answers its new ETag when the server gives one. */
    async put(href: string, data: string): Promise<string | null> {
      const response = await updateObject({
        url: href,
        data,
        headers: { ...headers, 'content-type': 'text/calendar; charset=utf-8' },
        fetch: remote.fetch,
      });
      if (!response.ok)
        throw new AppError(
          'BAD_REQUEST',
          sentence('The calendar refused the event ({status}).', { status: response.status }),
        );
      return response.headers.get('etag');
    },

    /** Removes one resource; one already gone is fine. */
    async remove(href: string): Promise<void> {
      const response = await deleteObject({ url: href, headers, fetch: remote.fetch });
      if (!response.ok && response.status !== 404)
        throw new AppError(
          'BAD_REQUEST',
          sentence('The calendar refused the event ({status}).', { status: response.status }),
        );
    },
  };
}

const MULTIGET_SLICE = 500;

const etagOf = (value: unknown) => (value == null ? null : String(value));

function nameFromHref(href: string): string {
  const parts = new URL(href).pathname.split('/').filter(Boolean);
  return decodeURIComponent(parts.at(-1) ?? href);
}

/**
 * Reads an ICS address, sending the last answer's ETag: `unchanged` when the server says 304. A body that is
 * not a calendar is refused with a sentence.
 */
export async function readIcs(
  url: string,
  etag: string | null,
  options: RemoteOptions,
): Promise<{ unchanged: true } | { unchanged: false; text: string; etag: string | null }> {
  const response = await remoteFetch(url, options)(url, {
    headers: { accept: 'text/calendar', ...(etag ? { 'if-none-match': etag } : {}) },
  });
  if (response.status === 304) return { unchanged: true };
  const text = response.ok ? await response.text() : '';
  if (!response.ok || !text.trimStart().startsWith('BEGIN:VCALENDAR'))
    throw new AppError('BAD_REQUEST', 'That address did not answer with a calendar.');
  return { unchanged: false, text, etag: response.headers.get('etag') };
}
