/**
 * A small iCalendar (RFC 5545) writer for what the product sends: invitations (METHOD:REQUEST or CANCEL) and the
 * staff's calendar feed (METHOD:PUBLISH). Its input is always ours, so it checks nothing: the `ics` package it
 * replaces validated every event with `yup`, which was a tenth of a booking's CPU.
 */

interface CalendarPerson {
  name: string;
  email: string;
}

interface CalendarEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  /** Where it takes place (the location's name and address). */
  location?: string;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  url?: string;
  organizer?: CalendarPerson;
  /** Everyone taking part, as accepted required participants who are not asked to answer. */
  attendees?: CalendarPerson[];
}

export interface Calendar {
  /** None for an event stored in a CalDAV calendar (RFC 4791 4.1: a calendar object resource has no METHOD). */
  method?: 'PUBLISH' | 'REQUEST' | 'CANCEL';
  /** The calendar's name as clients show it for a subscription (X-WR-CALNAME). */
  name?: string;
  events: CalendarEvent[];
  /** DTSTAMP of every event: when this text was made. */
  now: Date;
}

const PRODUCT_ID = 'booking/ics';

/** UTC date-time form: 20261201T153000Z. */
const utc = (date: Date) => date.toISOString().replace(/[-:]|\.\d+/g, '');

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
const text = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');

/** A quoted parameter value: a double quote cannot appear in one, so it and line breaks use RFC 6868's ^ escapes. */
const param = (value: string) =>
  `"${value
    .replace(/\^/g, '^^')
    .replace(/"/g, "^'")
    .replace(/\r\n|\r|\n/g, '^n')}"`;

const person = (name: string, p: CalendarPerson) => `${name};CN=${param(p.name)}:mailto:${p.email}`;

/**
 * A content line folded to at most 75 octets per line (RFC 5545 3.1): each continuation starts with a space,
 * and a fold never splits a UTF-8 sequence (only whole code points move to the next line).
 */
function foldLine(line: string): string {
  if (Buffer.byteLength(line) <= 75) return line;
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    // The first line holds 75 octets; a continuation's leading space takes one of its 75.
    if (octets + size > (lines.length ? 74 : 75)) {
      lines.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n ');
}

function eventLines(event: CalendarEvent, now: Date): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${text(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${text(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${text(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.status}`,
    ...(event.organizer ? [person('ORGANIZER', event.organizer)] : []),
    ...(event.attendees ?? []).map((a) => person('ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE', a)),
    'END:VEVENT',
  ];
}

/** The calendar as iCalendar text: CRLF line ends, long lines folded. */
export function writeCalendar(calendar: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `PRODID:${PRODUCT_ID}`,
    ...(calendar.method ? [`METHOD:${calendar.method}`] : []),
    ...(calendar.name ? [`X-WR-CALNAME:${text(calendar.name)}`] : []),
    // Subscribers look again within the hour.
    'X-PUBLISHED-TTL:PT1H',
    ...calendar.events.flatMap((event) => eventLines(event, calendar.now)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
