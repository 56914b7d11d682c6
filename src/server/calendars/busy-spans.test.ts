import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { busySpans, splitCalendar, type BusyWindow } from './busy-spans';
import { ownUids } from './calendar-sync';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.ics`, import.meta.url), 'utf8');

const window: BusyWindow = {
  from: new Date('2026-10-01T00:00:00Z'),
  to: new Date('2026-12-31T00:00:00Z'),
  timeZone: 'Europe/Madrid',
  isOwnUid: ownUids('https://shop.example.com'),
};

const iso = (spans: { start: Date; end: Date }[]) =>
  spans.map((s) => `${s.start.toISOString()} ${s.end.toISOString()}`);

describe('busy spans of a calendar', () => {
  it("reads Google's export: a series across the clock change, EXDATE, a moved occurrence, all-day, free, cancelled and the product's own events", () => {
    expect(iso(busySpans(fixture('google'), window))).toEqual([
      '2026-10-19T07:00:00.000Z 2026-10-19T08:00:00.000Z',
      // 21 October is excepted; from 25 October Madrid is on UTC+1, and 09:00 stays 09:00.
      '2026-10-26T08:00:00.000Z 2026-10-26T09:00:00.000Z',
      // Moved by RECURRENCE-ID from 09:00 to 11:30.
      '2026-10-28T10:30:00.000Z 2026-10-28T11:30:00.000Z',
      // The holiday: all of 2 November in the business zone.
      '2026-11-01T23:00:00.000Z 2026-11-02T23:00:00.000Z',
      '2026-11-02T08:00:00.000Z 2026-11-02T09:00:00.000Z',
      '2026-11-04T08:00:00.000Z 2026-11-04T09:00:00.000Z',
    ]);
  });

  it("reads Outlook's export: a Windows zone name described by its VTIMEZONE, a daily series with UNTIL over the clock change", () => {
    expect(iso(busySpans(fixture('outlook'), window))).toEqual([
      '2026-10-23T14:00:00.000Z 2026-10-23T15:00:00.000Z',
      '2026-10-24T14:00:00.000Z 2026-10-24T15:00:00.000Z',
      '2026-10-25T15:00:00.000Z 2026-10-25T16:00:00.000Z',
      '2026-10-26T15:00:00.000Z 2026-10-26T16:00:00.000Z',
    ]);
  });

  it("reads Apple's export: another zone, a cancelled occurrence, a floating time as business time", () => {
    expect(iso(busySpans(fixture('apple'), window))).toEqual([
      '2026-11-10T13:00:00.000Z 2026-11-10T14:00:00.000Z',
      '2026-11-12T13:30:00.000Z 2026-11-12T14:30:00.000Z',
      '2026-11-24T13:00:00.000Z 2026-11-24T14:00:00.000Z',
    ]);
  });

  it('reads a zone named by its IANA name without a VTIMEZONE, and keeps to the window', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:weekly@example.com',
      'DTSTART;TZID=America/New_York:20260901T100000',
      'DURATION:PT30M',
      'RRULE:FREQ=WEEKLY',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const spans = busySpans(text, {
      ...window,
      from: new Date('2026-10-27T00:00:00Z'),
      to: new Date('2026-11-11T00:00:00Z'),
    });
    expect(iso(spans)).toEqual([
      '2026-10-27T14:00:00.000Z 2026-10-27T14:30:00.000Z',
      '2026-11-03T15:00:00.000Z 2026-11-03T15:30:00.000Z',
      '2026-11-10T15:00:00.000Z 2026-11-10T15:30:00.000Z',
    ]);
  });

  it('splits a feed into one object per UID that expands to the same spans', () => {
    const objects = splitCalendar(fixture('google'));
    expect(objects.map((o) => o.uid)).toEqual([
      'school-run@google.com',
      'training-day@google.com',
      'holiday@google.com',
      'dentist@google.com',
      'appointment-6f1c2a52-8a8e-4b8e-9c8a-2f1d3a4b5c6d@shop.example.com',
    ]);
    const each = objects
      .flatMap((o) => busySpans(o.text, window))
      .sort((a, b) => a.start.getTime() - b.start.getTime());
    expect(iso(each)).toEqual(iso(busySpans(fixture('google'), window)));
  });
});
