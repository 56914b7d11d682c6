import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockLabelOf, dateKeyOf, dateOf, dateTimeOf, dayLabelOf, longDayLabelOf, stampOf, timeOf } from './zoned-time';

// The screens run in whatever zone the browser is in; the business's zone must win every time.
// The hour 18:00Z reads on each browser's own clock, proving the zone took effect.
const browserZones = { UTC: 18, 'Asia/Tokyo': 3, 'America/Los_Angeles': 10 };

describe('times shown in the business time zone, whatever the browser zone', () => {
  const original = process.env.TZ;
  afterAll(() => {
    // Assigning undefined would set the text 'undefined'; the next test file in this process sees what is left.
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  for (const [zone, localHour] of Object.entries(browserZones)) {
    describe(`in a browser set to ${zone}`, () => {
      beforeAll(() => {
        process.env.TZ = zone;
      });

      it('shows an appointment at 13:00 New York time as 1:00 PM', () => {
        expect(new Date('2026-11-25T18:00:00Z').getHours()).toBe(localHour);
        expect(timeOf('2026-11-25T18:00:00Z', 'America/New_York')).toBe('1:00 PM');
        expect(dateTimeOf('2026-11-25T18:00:00Z', 'America/New_York')).toBe('Wed, Nov 25, 2026 at 1:00 PM');
      });

      it("puts a late-evening order on the business's day, not the browser's", () => {
        const lateEvening = '2026-11-26T03:30:00Z';
        expect(dateKeyOf(lateEvening, 'America/New_York')).toBe('2026-11-25');
        expect(dateOf(lateEvening, 'America/New_York')).toBe('Nov 25, 2026');
        expect(stampOf(lateEvening, 'America/New_York')).toBe('Nov 25, 2026, 10:30 PM');
      });

      it('reads wall-clock times and calendar dates as they are', () => {
        expect(clockLabelOf('09:30')).toBe('9:30 AM');
        expect(longDayLabelOf('2026-03-08')).toBe('Sunday, March 8, 2026');
      });

      it('writes dates and times in the language of the page, in the business zone', () => {
        const ny = 'America/New_York';
        expect(timeOf('2026-11-25T18:00:00Z', ny, 'es')).toBe('13:00');
        expect(dateTimeOf('2026-11-25T18:00:00Z', ny, 'es')).toBe('mié, 25 nov 2026, 13:00');
        expect(dateOf('2026-11-26T03:30:00Z', ny, 'es')).toBe('25 nov 2026');
        expect(stampOf('2026-11-26T03:30:00Z', ny, 'es')).toBe('25 nov 2026, 22:30');
        expect(longDayLabelOf('2026-03-08', 'es')).toBe('domingo, 8 de marzo de 2026');
        expect(dayLabelOf('2026-03-08', 'monthDay', 'es')).toBe('8 mar');
        expect(dayLabelOf('2026-03-08', 'monthDay')).toBe('Mar 8');
        expect(clockLabelOf('21:05', 'es')).toBe('21:05');
      });
    });
  }

  it('follows the clock change: 9:00 AM stays 9:00 AM across the DST switch', () => {
    process.env.TZ = 'UTC';
    expect(timeOf('2026-03-07T14:00:00Z', 'America/New_York')).toBe('9:00 AM');
    expect(timeOf('2026-03-09T13:00:00Z', 'America/New_York')).toBe('9:00 AM');
  });
});
