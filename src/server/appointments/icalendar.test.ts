import { describe, expect, it } from 'vitest';
import { writeCalendar } from './icalendar';

const unfolded = (ics: string) => ics.replace(/\r\n /g, '');
const event = {
  uid: 'appointment-1@example.com',
  sequence: 2,
  start: new Date('2026-12-01T15:30:00Z'),
  end: new Date('2026-12-01T16:15:00Z'),
  summary: 'Cut at Salon',
  status: 'CONFIRMED' as const,
};

describe('writeCalendar', () => {
  it('writes CRLF lines with UTC times, the method, UID and SEQUENCE', () => {
    const ics = writeCalendar({ method: 'CANCEL', now: new Date('2026-11-26T03:00:00Z'), events: [event] });
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    const lines = ics.split('\r\n');
    for (const line of [
      'BEGIN:VCALENDAR',
      'METHOD:CANCEL',
      'BEGIN:VEVENT',
      'UID:appointment-1@example.com',
      'SEQUENCE:2',
      'DTSTAMP:20261126T030000Z',
      'DTSTART:20261201T153000Z',
      'DTEND:20261201T161500Z',
      'STATUS:CONFIRMED',
      'END:VEVENT',
    ])
      expect(lines).toContain(line);
  });

  it('escapes text values and quotes names in parameters', () => {
    const ics = writeCalendar({
      method: 'REQUEST',
      name: 'Glow, the salon',
      now: new Date(),
      events: [
        {
          ...event,
          summary: 'Cut; wash, dry \\ style',
          description: 'Line one\nLine two\r\nthree',
          organizer: { name: 'Salon "Sol"', email: 'maya@example.com' },
          attendees: [{ name: 'Ana: Pérez', email: 'ana@example.com' }],
        },
      ],
    });
    const text = unfolded(ics);
    expect(text).toContain('X-WR-CALNAME:Glow\\, the salon\r\n');
    expect(text).toContain('SUMMARY:Cut\\; wash\\, dry \\\\ style\r\n');
    expect(text).toContain('DESCRIPTION:Line one\\nLine two\\nthree\r\n');
    expect(text).toContain(`ORGANIZER;CN="Salon ^'Sol^'":mailto:maya@example.com\r\n`);
    expect(text).toContain(
      'ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE;CN="Ana: Pérez":mailto:ana@example.com\r\n',
    );
  });

  it('folds lines longer than 75 octets without splitting a character', () => {
    const description = 'é'.repeat(30) + 'x'.repeat(100) + '日本語'.repeat(20);
    const ics = writeCalendar({ method: 'PUBLISH', now: new Date(), events: [{ ...event, description }] });
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).toContain('\r\n ');
    expect(unfolded(ics)).toContain(`DESCRIPTION:${description}\r\n`);
    expect(unfolded(ics)).not.toContain('\uFFFD');
  });
});
