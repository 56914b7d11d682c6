import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { zonedToInstant } from '../server/booking/zoned-time';
import { addCalendarDays, weekdayOf } from '../shared/date-key';

/**
 * ICS feeds in the shapes Google, Outlook and Apple export, written from a given business date so that their events
 * always lie ahead of the clock (tests, the browser journey and the demo steps run on any day), and a local HTTP
 * server that serves them with an ETag and answers 304 to a matching If-None-Match. Each feed comes with the busy
 * spans it must give, worked out here from the same dates (not by the code under test).
 */

type FeedName = 'google' | 'outlook' | 'apple';

export interface Span {
  start: Date;
  end: Date;
}

const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const compact = (date: string) => date.replaceAll('-', '');
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const MADRID_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Madrid',
  'X-LIC-LOCATION:Europe/Madrid',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

// Exchange names zones after Windows and starts their rules in 1601.
const OUTLOOK_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:W. Europe Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

const NEW_YORK_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'DTSTART:20070311T020000',
  'TZNAME:EDT',
  'TZOFFSETTO:-0400',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'DTSTART:20071104T020000',
  'TZNAME:EST',
  'TZOFFSETTO:-0500',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const event = (lines: string[]) => ['BEGIN:VEVENT', ...lines, 'DTSTAMP:20260101T120000Z', 'END:VEVENT'];
const calendar = (head: string[], body: string[][]) =>
  ['BEGIN:VCALENDAR', ...head, ...body.flat(), 'END:VCALENDAR', ''].join('\r\n');

/**
 * The three feeds, their events on the days after `today` (a date of the business zone `timeZone`), and the spans
 * each must block. `ownUid` is a UID of the product's own kind (an invitation's), which must block nothing.
 */
export function icsFeeds(today: string, timeZone: string, ownUid: string) {
  const d = (n: number) => addCalendarDays(today, n);
  const at = (n: number, hhmm: string, zone: string) => zonedToInstant(d(n), minutes(hhmm), zone);
  const span = (n: number, from: string, to: string, zone: string): Span => ({
    start: at(n, from, zone),
    end: at(n, to, zone),
  });
  const utc = (n: number, hhmm: string) => `${compact(d(n))}T${hhmm.replace(':', '')}00Z`;
  const local = (n: number, hhmm: string) => `${compact(d(n))}T${hhmm.replace(':', '')}00`;

  // Google: a weekly series on two weekdays with COUNT (its second date excepted by EXDATE, its third moved by
  // RECURRENCE-ID) in Madrid time, an all-day holiday, and a free, a cancelled and the product's own event.
  const google = calendar(
    [
      'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Ana (Google)',
      'X-WR-TIMEZONE:Europe/Madrid',
      ...MADRID_VTIMEZONE,
    ],
    [
      event([
        `DTSTART;TZID=Europe/Madrid:${local(2, '09:00')}`,
        `DTEND;TZID=Europe/Madrid:${local(2, '10:00')}`,
        `RRULE:FREQ=WEEKLY;BYDAY=${DAY_CODES[weekdayOf(d(2))]},${DAY_CODES[weekdayOf(d(4))]};COUNT=4`,
        `EXDATE;TZID=Europe/Madrid:${local(4, '09:00')}`,
        'UID:school-run@google.com',
        'SUMMARY:School run',
        'STATUS:CONFIRMED',
        'TRANSP:OPAQUE',
      ]),
      event([
        `DTSTART;TZID=Europe/Madrid:${local(9, '11:30')}`,
        `DTEND;TZID=Europe/Madrid:${local(9, '12:30')}`,
        `RECURRENCE-ID;TZID=Europe/Madrid:${local(9, '09:00')}`,
        'UID:school-run@google.com',
        'SUMMARY:School run (late)',
        'SEQUENCE:1',
      ]),
      event([
        `DTSTART;VALUE=DATE:${compact(d(3))}`,
        `DTEND;VALUE=DATE:${compact(d(4))}`,
        'UID:holiday@google.com',
        'SUMMARY:Holiday',
      ]),
      event([
        `DTSTART;TZID=Europe/Madrid:${local(5, '10:00')}`,
        `DTEND;TZID=Europe/Madrid:${local(5, '12:00')}`,
        'UID:training@google.com',
        'SUMMARY:Reading (free)',
        'TRANSP:TRANSPARENT',
      ]),
      event([
        `DTSTART:${utc(5, '15:00')}`,
        `DTEND:${utc(5, '16:00')}`,
        'UID:dentist@google.com',
        'SUMMARY:Dentist',
        'STATUS:CANCELLED',
      ]),
      event([
        `DTSTART:${utc(5, '09:00')}`,
        `DTEND:${utc(5, '10:00')}`,
        `UID:${ownUid}`,
        'SUMMARY:Haircut: Rosa Parker',
      ]),
    ],
  );

  // Outlook: a Windows zone name described by its VTIMEZONE, a daily series ending by UNTIL, a free event.
  const outlook = calendar(
    [
      'METHOD:PUBLISH',
      'PRODID:Microsoft Exchange Server 2010',
      'VERSION:2.0',
      'X-WR-CALNAME:Ana (Outlook)',
      ...OUTLOOK_VTIMEZONE,
    ],
    [
      event([
        'UID:040000008200E00074C5B7101A82E00800000000D0B4C2A1',
        'SUMMARY:Training',
        `DTSTART;TZID=W. Europe Standard Time:${local(6, '16:00')}`,
        `DTEND;TZID=W. Europe Standard Time:${local(6, '17:00')}`,
        `RRULE:FREQ=DAILY;UNTIL=${utc(8, '23:59')};INTERVAL=1`,
        'TRANSP:OPAQUE',
        'STATUS:CONFIRMED',
        'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
      ]),
      event([
        'UID:040000008200E00074C5B7101A82E00800000000E1C5D3B2',
        'SUMMARY:Free',
        `DTSTART;TZID=W. Europe Standard Time:${local(6, '10:00')}`,
        `DTEND;TZID=W. Europe Standard Time:${local(6, '11:00')}`,
        'TRANSP:TRANSPARENT',
        'X-MICROSOFT-CDO-BUSYSTATUS:FREE',
      ]),
    ],
  );

  // Apple: a weekly series in New York time until a date, one occurrence cancelled by RECURRENCE-ID, and a floating
  // time (no zone: the business's).
  const apple = calendar(
    ['VERSION:2.0', 'PRODID:-//Apple Inc.//macOS 15.0//EN', 'CALSCALE:GREGORIAN', ...NEW_YORK_VTIMEZONE],
    [
      event([
        'UID:8D1F5A2E-3B4C-4D5E-9F60-718293A4B5C6',
        `DTSTART;TZID=America/New_York:${local(2, '08:00')}`,
        `DTEND;TZID=America/New_York:${local(2, '09:00')}`,
        `RRULE:FREQ=WEEKLY;UNTIL=${utc(16, '23:59')};BYDAY=${DAY_CODES[weekdayOf(d(2))]}`,
        'SUMMARY:Call with New York',
      ]),
      event([
        'UID:8D1F5A2E-3B4C-4D5E-9F60-718293A4B5C6',
        `DTSTART;TZID=America/New_York:${local(9, '08:00')}`,
        `DTEND;TZID=America/New_York:${local(9, '09:00')}`,
        `RECURRENCE-ID;TZID=America/New_York:${local(9, '08:00')}`,
        'STATUS:CANCELLED',
        'SUMMARY:Call with New York',
        'SEQUENCE:1',
      ]),
      event([
        'UID:B7C8D9E0-F1A2-4B3C-8D4E-5F6A7B8C9D0E',
        `DTSTART:${local(3, '14:30')}`,
        `DTEND:${local(3, '15:30')}`,
        'SUMMARY:Gym',
      ]),
    ],
  );

  const texts: Record<FeedName, string> = { google, outlook, apple };
  const busy: Record<FeedName, Span[]> = {
    google: [
      span(2, '09:00', '10:00', 'Europe/Madrid'),
      // The holiday: the whole date in the business zone.
      { start: at(3, '00:00', timeZone), end: at(4, '00:00', timeZone) },
      span(9, '11:30', '12:30', 'Europe/Madrid'),
      span(11, '09:00', '10:00', 'Europe/Madrid'),
    ],
    outlook: [6, 7, 8].map((n) => span(n, '16:00', '17:00', 'Europe/Berlin')),
    apple: [
      span(2, '08:00', '09:00', 'America/New_York'),
      span(3, '14:30', '15:30', timeZone),
      span(16, '08:00', '09:00', 'America/New_York'),
    ],
  };
  return { texts, busy, date: d };
}

export interface FeedServer {
  /** The address of a feed (`/google.ics` …). */
  url(name: string): string;
  /** Every request so far: the path and its If-None-Match. */
  requests: { path: string; ifNoneMatch?: string }[];
  /** Replaces a feed's text (its ETag changes). */
  publish(name: string, text: string): void;
  close(): Promise<void>;
}

/** Serves feeds by name over HTTP on a free loopback port, as a calendar provider publishes them. */
export async function serveFeeds(texts: Record<string, string>): Promise<FeedServer> {
  const feeds = new Map(Object.entries(texts).map(([name, text]) => [name, { text, version: 1 }]));
  const requests: FeedServer['requests'] = [];
  const server = http.createServer((req, res) => {
    const name = (req.url ?? '').replace(/^\/|\.ics$/g, '');
    requests.push({ path: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
    const feed = feeds.get(name);
    if (!feed) return res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    const etag = `"${name}-${feed.version}"`;
    if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag }).end(feed.text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (name) => `${base}/${name}.ics`,
    requests,
    publish(name, text) {
      const feed = feeds.get(name);
      feeds.set(name, { text, version: (feed?.version ?? 0) + 1 });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
