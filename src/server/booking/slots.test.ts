import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSlots, hoursOn, type BusyInterval, type DateOverride, type SlotRules, type WeeklyHours } from './slots';
import { minutesOfTime, toZoned, zonedToInstant } from './zoned-time';
import { addCalendarDays, weekdayOf } from '../../shared/date-key';

const A = 'employee-a';
const B = 'employee-b';
const NY = 'America/New_York';

function weekly(employeeId: string, dayOfWeek: number, startTime: string, endTime: string): WeeklyHours {
  return { employeeId, dayOfWeek, startTime, endTime, isAvailable: true };
}
function everyDay(employeeId: string, startTime: string, endTime: string): WeeklyHours[] {
  return [0, 1, 2, 3, 4, 5, 6].map((d) => weekly(employeeId, d, startTime, endTime));
}
function rules(overrides: Partial<SlotRules> = {}): SlotRules {
  return {
    timeZone: NY,
    now: new Date('2026-01-01T00:00:00Z'),
    durationMinutes: 60,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    noticeMinutes: 60,
    bookingWindowDays: 400,
    ...overrides,
  };
}
/** A live appointment's held span. */
function busy(employeeId: string, heldStartsAt: string, heldEndsAt: string): BusyInterval {
  return { employeeId, heldStartsAt: new Date(heldStartsAt), heldEndsAt: new Date(heldEndsAt) };
}
const times = (slots: { time: string }[]) => slots.map((s) => s.time);

describe('slots on ordinary days', () => {
  it('offers every half hour where the whole service fits, with the instant in UTC', () => {
    const slots = computeSlots('2026-06-10', rules(), {
      employeeIds: [A],
      weekly: everyDay(A, '09:00', '12:00'),
      overrides: [],
      busy: [],
    });
    expect(times(slots)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
    expect(slots[0]).toEqual({ time: '09:00', dateTime: '2026-06-10T13:00:00.000Z', employeeIds: [A], seatsLeft: 1 });
  });

  it('starts on the grid when a window starts off it, and uses seconds-bearing database times', () => {
    const slots = computeSlots('2026-06-10', rules({ durationMinutes: 30 }), {
      employeeIds: [A],
      weekly: everyDay(A, '09:15:00', '11:00:00'),
      overrides: [],
      busy: [],
    });
    expect(times(slots)).toEqual(['09:30', '10:00', '10:30']);
  });

  it('handles several windows in a day, and a service never spans the gap between them', () => {
    const data = {
      employeeIds: [A],
      weekly: [weekly(A, 3, '09:00', '12:00'), weekly(A, 3, '13:00', '15:00')],
      overrides: [],
      busy: [],
    };
    expect(times(computeSlots('2026-06-10', rules(), data))).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '13:00',
      '13:30',
      '14:00',
    ]);
    expect(times(computeSlots('2026-06-10', rules({ durationMinutes: 90 }), data))).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '13:00',
      '13:30',
    ]);
  });

  it('offers nothing when the service is longer than every window', () => {
    const data = {
      employeeIds: [A],
      weekly: [weekly(A, 3, '09:00', '11:00'), weekly(A, 3, '12:00', '14:00')],
      overrides: [],
      busy: [],
    };
    expect(computeSlots('2026-06-10', rules({ durationMinutes: 150 }), data)).toEqual([]);
    expect(times(computeSlots('2026-06-10', rules({ durationMinutes: 120 }), data))).toEqual(['09:00', '12:00']);
  });

  it('ignores windows switched off and other weekdays', () => {
    const data = {
      employeeIds: [A],
      weekly: [{ ...weekly(A, 3, '09:00', '12:00'), isAvailable: false }, weekly(A, 4, '09:00', '12:00')],
      overrides: [],
      busy: [],
    };
    expect(computeSlots('2026-06-10', rules(), data)).toEqual([]);
    expect(computeSlots('2026-06-11', rules(), data)).toHaveLength(5);
  });

  it('leaves out times taken by appointments, and allows back-to-back bookings', () => {
    const data = {
      employeeIds: [A],
      weekly: everyDay(A, '09:00', '13:00'),
      overrides: [],
      busy: [busy(A, '2026-06-10T14:00:00Z', '2026-06-10T15:00:00Z')],
    };
    // 10:00-11:00 local is taken: 09:00 ends right at 10:00 and 11:00 starts right at its end.
    expect(times(computeSlots('2026-06-10', rules(), data))).toEqual(['09:00', '11:00', '11:30', '12:00']);
  });

  it('takes appointments of the other employee as no obstacle and lists who is free at each start', () => {
    const data = {
      employeeIds: [A, B],
      weekly: [...everyDay(A, '09:00', '11:00'), ...everyDay(B, '10:00', '12:00')],
      overrides: [],
      busy: [busy(A, '2026-06-10T13:00:00Z', '2026-06-10T14:00:00Z')],
    };
    expect(computeSlots('2026-06-10', rules(), data).map((s) => [s.time, s.employeeIds])).toEqual([
      ['10:00', [A, B]],
      ['10:30', [B]],
      ['11:00', [B]],
    ]);
  });

  it('keeps the notice: nothing sooner than bookingNoticeMinutes from now', () => {
    // 09:10 in New York.
    const now = new Date('2026-06-10T13:10:00Z');
    const data = { employeeIds: [A], weekly: everyDay(A, '09:00', '13:00'), overrides: [], busy: [] };
    expect(times(computeSlots('2026-06-10', rules({ now, noticeMinutes: 60 }), data))).toEqual([
      '10:30',
      '11:00',
      '11:30',
      '12:00',
    ]);
    expect(times(computeSlots('2026-06-10', rules({ now, noticeMinutes: 0 }), data))).toEqual([
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
    ]);
  });

  it('offers dates from today to bookingWindowDays ahead only, counted in calendar days of the zone', () => {
    // 22:30 on 9 June in New York is already 10 June in UTC.
    const now = new Date('2026-06-10T02:30:00Z');
    const data = { employeeIds: [A], weekly: everyDay(A, '09:00', '10:00'), overrides: [], busy: [] };
    const r = rules({ now, bookingWindowDays: 30 });
    expect(times(computeSlots('2026-06-08', r, data))).toEqual([]);
    expect(times(computeSlots('2026-06-09', r, data))).toEqual([]); // today, but 09:00 has passed
    expect(times(computeSlots('2026-06-10', r, data))).toEqual(['09:00']);
    expect(times(computeSlots('2026-07-09', r, data))).toEqual(['09:00']);
    expect(times(computeSlots('2026-07-10', r, data))).toEqual([]);
  });

  it('answers an impossible date or duration with no slots', () => {
    const data = { employeeIds: [A], weekly: everyDay(A, '09:00', '10:00'), overrides: [], busy: [] };
    expect(computeSlots('2026-02-30', rules(), data)).toEqual([]);
    expect(computeSlots('June 10', rules(), data)).toEqual([]);
    expect(computeSlots('2026-06-10', rules({ durationMinutes: 0 }), data)).toEqual([]);
  });
});

describe('date overrides', () => {
  const data = (overrides: DateOverride[]) => ({
    employeeIds: [A],
    weekly: everyDay(A, '09:00', '17:00'),
    overrides,
    busy: [],
  });

  it('a day off replaces the weekday: no slots that date only', () => {
    const off = [{ employeeId: A, date: '2026-12-25', isAvailable: false, startTime: null, endTime: null }];
    expect(computeSlots('2026-12-25', rules(), data(off))).toEqual([]);
    expect(computeSlots('2026-12-24', rules(), data(off))).toHaveLength(15);
  });

  it('override windows replace the weekday windows; several are allowed', () => {
    const special = [
      { employeeId: A, date: '2026-12-24', isAvailable: true, startTime: '10:00', endTime: '11:00' },
      { employeeId: A, date: '2026-12-24', isAvailable: true, startTime: '18:00', endTime: '19:30' },
    ];
    expect(times(computeSlots('2026-12-24', rules(), data(special)))).toEqual(['10:00', '18:00', '18:30']);
  });

  it('applies to its own employee only', () => {
    const off = [{ employeeId: B, date: '2026-12-25', isAvailable: false, startTime: null, endTime: null }];
    expect(computeSlots('2026-12-25', rules(), data(off))).toHaveLength(15);
    expect(hoursOn('2026-12-25', A, data(off))).toEqual([{ start: 540, end: 1020 }]);
  });
});

describe('daylight saving days', () => {
  it('New York, 8 March 2026 (23 hours): the skipped hour moves forward and no start is offered twice', () => {
    const data = { employeeIds: [A], weekly: everyDay(A, '00:00', '06:00'), overrides: [], busy: [] };
    const slots = computeSlots('2026-03-08', rules(), data);
    expect(times(slots)).toEqual(['00:00', '00:30', '01:00', '01:30', '03:00', '03:30', '04:00', '04:30', '05:00']);
    expect(slots.map((s) => s.dateTime.slice(11, 16))).toEqual([
      '05:00',
      '05:30',
      '06:00',
      '06:30',
      '07:00',
      '07:30',
      '08:00',
      '08:30',
      '09:00',
    ]);
    // A 60-minute service from 01:30 EST ends at 03:30 EDT: one real hour.
    expect(slots[3]).toEqual({ time: '01:30', dateTime: '2026-03-08T06:30:00.000Z', employeeIds: [A], seatsLeft: 1 });
  });

  it('New York, 8 March 2026: business hours shift to the new offset', () => {
    const slots = computeSlots('2026-03-08', rules(), {
      employeeIds: [A],
      weekly: everyDay(A, '09:00', '17:00'),
      overrides: [],
      busy: [],
    });
    expect(slots).toHaveLength(15);
    expect(slots[0]!.dateTime).toBe('2026-03-08T13:00:00.000Z');
    // The day before is still on standard time.
    expect(
      computeSlots('2026-03-07', rules(), {
        employeeIds: [A],
        weekly: everyDay(A, '09:00', '17:00'),
        overrides: [],
        busy: [],
      })[0]!.dateTime,
    ).toBe('2026-03-07T14:00:00.000Z');
  });

  it('a window starting inside the skipped hour begins when the clocks resume', () => {
    const data = { employeeIds: [A], weekly: everyDay(A, '02:00', '04:00'), overrides: [], busy: [] };
    const slots = computeSlots('2026-03-08', rules({ durationMinutes: 30 }), data);
    expect(times(slots)).toEqual(['03:00', '03:30']);
  });

  it('New York, 1 November 2026 (25 hours): the repeated hour is offered once, at its first occurrence', () => {
    const data = { employeeIds: [A], weekly: everyDay(A, '00:00', '03:00'), overrides: [], busy: [] };
    const slots = computeSlots('2026-11-01', rules(), data);
    expect(times(slots)).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00']);
    expect(slots.map((s) => s.dateTime.slice(11, 16))).toEqual(['04:00', '04:30', '05:00', '05:30', '07:00']);
    const business = computeSlots('2026-11-01', rules(), {
      employeeIds: [A],
      weekly: everyDay(A, '09:00', '17:00'),
      overrides: [],
      busy: [],
    });
    expect(business).toHaveLength(15);
    expect(business[0]!.dateTime).toBe('2026-11-01T14:00:00.000Z');
  });

  it('an appointment in the second 01:00 hour blocks the starts it overlaps in real time', () => {
    const data = {
      employeeIds: [A],
      weekly: everyDay(A, '00:00', '03:00'),
      overrides: [],
      busy: [busy(A, '2026-11-01T06:00:00Z', '2026-11-01T06:30:00Z')],
    };
    // 01:30 EDT (05:30Z) + 60 min runs into 06:00Z.
    expect(times(computeSlots('2026-11-01', rules(), data))).toEqual(['00:00', '00:30', '01:00', '02:00']);
  });

  it('London, 29 March and 25 October 2026', () => {
    const london = rules({ timeZone: 'Europe/London', durationMinutes: 30 });
    const spring = computeSlots('2026-03-29', london, {
      employeeIds: [A],
      weekly: everyDay(A, '01:00', '03:00'),
      overrides: [],
      busy: [],
    });
    expect(spring.map((s) => [s.time, s.dateTime])).toEqual([
      ['02:00', '2026-03-29T01:00:00.000Z'],
      ['02:30', '2026-03-29T01:30:00.000Z'],
    ]);
    const autumn = computeSlots('2026-10-25', london, {
      employeeIds: [A],
      weekly: everyDay(A, '01:00', '02:00'),
      overrides: [],
      busy: [],
    });
    // 01:00-02:00 wall clock lasts two real hours; starts on the grid are its first occurrences.
    expect(autumn.map((s) => [s.time, s.dateTime])).toEqual([
      ['01:00', '2026-10-25T00:00:00.000Z'],
      ['01:30', '2026-10-25T00:30:00.000Z'],
    ]);
    expect(
      computeSlots('2026-10-26', london, {
        employeeIds: [A],
        weekly: everyDay(A, '09:00', '10:00'),
        overrides: [],
        busy: [],
      })[0]!.dateTime,
    ).toBe('2026-10-26T09:00:00.000Z');
  });

  it('Asia/Kolkata (UTC+05:30): the half-hour offset lands on the wall-clock grid', () => {
    const slots = computeSlots('2026-03-08', rules({ timeZone: 'Asia/Kolkata' }), {
      employeeIds: [A],
      weekly: everyDay(A, '09:00', '11:00'),
      overrides: [],
      busy: [],
    });
    expect(slots.map((s) => [s.time, s.dateTime])).toEqual([
      ['09:00', '2026-03-08T03:30:00.000Z'],
      ['09:30', '2026-03-08T04:00:00.000Z'],
      ['10:00', '2026-03-08T04:30:00.000Z'],
    ]);
  });
});

describe('held spans: buffers before and after', () => {
  const day = '2026-06-10';
  const data = (busyRows: BusyInterval[]) => ({
    employeeIds: [A],
    weekly: everyDay(A, '09:00', '13:00'),
    overrides: [],
    busy: busyRows,
  });

  it('offers no start whose held span overlaps another held span', () => {
    // Held 11:00–12:00 (EDT is UTC-4); a 30-minute service with 15 before and 30 after holds [s - 15, s + 60).
    const slots = computeSlots(
      day,
      rules({ durationMinutes: 30, bufferBeforeMinutes: 15, bufferAfterMinutes: 30 }),
      data([busy(A, '2026-06-10T15:00:00Z', '2026-06-10T16:00:00Z')]),
    );
    // 10:00 holds until 11:00 exactly: spans are half-open, so touching is not overlapping.
    expect(times(slots)).toEqual(['09:00', '09:30', '10:00', '12:30']);
  });

  it('lets buffers reach outside the hours: only the appointment itself must fit the window', () => {
    const slots = computeSlots(
      day,
      rules({ durationMinutes: 60, bufferBeforeMinutes: 30, bufferAfterMinutes: 30 }),
      data([]),
    );
    expect(times(slots)[0]).toBe('09:00');
    expect(times(slots).at(-1)).toBe('12:00');
  });

  it("sees another day's held span reaching into this one", () => {
    // A late appointment of the previous evening whose 240-minute buffer after runs to 09:30 local.
    const slots = computeSlots(
      day,
      rules({ durationMinutes: 30 }),
      data([busy(A, '2026-06-10T02:00:00Z', '2026-06-10T13:30:00Z')]),
    );
    expect(times(slots)[0]).toBe('09:30');
  });
});

describe('slots property: exactly the free grid starts that fit are offered', () => {
  const zones = ['America/New_York', 'Europe/London', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC'];
  // Dates around this year's clock changes in those zones, and an ordinary one.
  const dates = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-10-04', '2026-10-25', '2026-11-01', '2026-06-10'];
  const time = fc.integer({ min: 0, max: 47 }).map((half) => half * 30 + (half % 3 === 0 ? 15 : 0));

  const arbitrary = fc.record({
    zone: fc.constantFrom(...zones),
    date: fc.constantFrom(...dates),
    duration: fc.constantFrom(15, 30, 45, 60, 90, 120, 240),
    before: fc.constantFrom(0, 0, 5, 15, 45, 240),
    after: fc.constantFrom(0, 0, 10, 30, 240),
    notice: fc.constantFrom(0, 60, 600),
    nowOffsetHours: fc.integer({ min: -30, max: 30 }),
    windows: fc.array(fc.record({ employee: fc.constantFrom(A, B), a: time, b: time }), { maxLength: 6 }),
    appointments: fc.array(
      fc.record({
        employee: fc.constantFrom(A, B),
        startHour: fc.integer({ min: -2, max: 26 }),
        minute: fc.constantFrom(0, 10, 30, 45),
        length: fc.constantFrom(15, 30, 60, 95),
      }),
      { maxLength: 8 },
    ),
  });

  it('holds for random windows, appointments, durations and clocks', () => {
    fc.assert(
      fc.property(arbitrary, (input) => {
        const day = weekdayOf(input.date);
        const weeklyRows = input.windows
          .filter((w) => w.a !== w.b)
          .map((w) => weekly(w.employee, day, fmt(Math.min(w.a, w.b)), fmt(Math.max(w.a, w.b))));
        const dayStart = zonedToInstant(input.date, 0, input.zone).getTime();
        const busyRows = input.appointments.map((b) => {
          const start = dayStart + (b.startHour * 60 + b.minute) * 60_000;
          return {
            employeeId: b.employee,
            heldStartsAt: new Date(start),
            heldEndsAt: new Date(start + b.length * 60_000),
          };
        });
        const r: SlotRules = {
          timeZone: input.zone,
          now: new Date(dayStart + input.nowOffsetHours * 3_600_000),
          durationMinutes: input.duration,
          bufferBeforeMinutes: input.before,
          bufferAfterMinutes: input.after,
          noticeMinutes: input.notice,
          bookingWindowDays: 30,
        };
        const data = { employeeIds: [A, B], weekly: weeklyRows, overrides: [], busy: busyRows };
        const slots = computeSlots(input.date, r, data);
        const today = toZoned(r.now, input.zone).date;
        const dateInRange = input.date >= today && input.date <= addCalendarDays(today, 30);

        const bookable = (employeeId: string, start: number) => {
          const end = start + input.duration * 60_000;
          const zoned = toZoned(new Date(start), input.zone);
          if (!dateInRange || zoned.date !== input.date || zoned.minutes % 30 !== 0) return false;
          if (start < r.now.getTime() + input.notice * 60_000) return false;
          const fits = weeklyRows.some(
            (w) =>
              w.employeeId === employeeId &&
              zonedToInstant(input.date, minutesOfTime(w.startTime), input.zone).getTime() <= start &&
              end <= zonedToInstant(input.date, minutesOfTime(w.endTime), input.zone).getTime(),
          );
          // The new held span [start - before, end + after) must miss every held span of that employee.
          const heldStart = start - input.before * 60_000;
          const heldEnd = end + input.after * 60_000;
          const free = busyRows.every(
            (b) =>
              b.employeeId !== employeeId || b.heldEndsAt.getTime() <= heldStart || b.heldStartsAt.getTime() >= heldEnd,
          );
          return fits && free;
        };

        // Every offered start is bookable for each employee it names, and starts are unique and ordered.
        const instants = slots.map((s) => Date.parse(s.dateTime));
        expect(new Set(instants).size).toBe(instants.length);
        expect([...instants].sort((a, b) => a - b)).toEqual(instants);
        for (const slot of slots) {
          expect(slot.time).toBe(fmt(toZoned(new Date(slot.dateTime), input.zone).minutes));
          for (const employeeId of slot.employeeIds) expect(bookable(employeeId, Date.parse(slot.dateTime))).toBe(true);
        }
        // Every grid start of the date (first occurrence of its wall-clock time) that is bookable is offered.
        for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
          const start = zonedToInstant(input.date, minutes, input.zone).getTime();
          for (const employeeId of [A, B]) {
            if (!bookable(employeeId, start)) continue;
            const slot = slots.find((s) => Date.parse(s.dateTime) === start);
            expect(slot?.employeeIds).toContain(employeeId);
          }
        }
        // A booking's check of one start (`only`) answers exactly that start's slot, or nothing, for starts on and
        // off the grid and on either side of the date.
        for (let minutes = -60; minutes < 25 * 60; minutes += 15) {
          const start = dayStart + minutes * 60_000;
          const alone = computeSlots(input.date, r, data, new Date(start));
          expect(alone).toEqual(slots.filter((s) => Date.parse(s.dateTime) === start));
        }
      }),
      { numRuns: 200, seed: 20260308 },
    );
  });
});

function fmt(minutes: number) {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

describe('slots of a class', () => {
  const YOGA = 'service-yoga';
  const klass = rules({ serviceId: YOGA, capacity: 3, bufferAfterMinutes: 15 });
  /** A seat of a session: 10:00 local (14:00Z) for an hour, held 15 minutes after. */
  function seat(employeeId: string, sessionId: string, serviceId = YOGA): BusyInterval {
    return {
      ...busy(employeeId, '2026-06-10T14:00:00Z', '2026-06-10T15:15:00Z'),
      sessionId,
      serviceId,
      startsAt: new Date('2026-06-10T14:00:00Z'),
    };
  }
  const data = (busyRows: BusyInterval[], employeeIds = [A]) => ({
    employeeIds,
    weekly: employeeIds.flatMap((id) => everyDay(id, '09:00', '13:00')),
    overrides: [],
    busy: busyRows,
  });
  const seats = (slots: { time: string; seatsLeft: number }[]) => slots.map((s) => [s.time, s.seatsLeft]);

  it('offers its whole capacity where nothing is booked, and 1 for an ordinary service', () => {
    expect(seats(computeSlots('2026-06-10', klass, data([])))[0]).toEqual(['09:00', 3]);
    expect(seats(computeSlots('2026-06-10', rules(), data([])))[0]).toEqual(['09:00', 1]);
  });

  it("adds seats to its own session's start only; the session's held span blocks every other start", () => {
    const two = [seat(A, 's1'), seat(A, 's1')];
    expect(seats(computeSlots('2026-06-10', klass, data(two)))).toEqual([
      ['10:00', 1],
      ['11:30', 3],
      ['12:00', 3],
    ]);
    // Full: not offered.
    expect(times(computeSlots('2026-06-10', klass, data([...two, seat(A, 's1')])))).toEqual(['11:30', '12:00']);
    // A session of another service, or an ordinary appointment at the same time, holds the time outright.
    expect(times(computeSlots('2026-06-10', klass, data([seat(A, 's2', 'service-pilates')])))).toEqual([
      '11:30',
      '12:00',
    ]);
    expect(
      times(computeSlots('2026-06-10', klass, data([busy(A, '2026-06-10T14:00:00Z', '2026-06-10T15:00:00Z')]))),
    ).toEqual(['11:00', '11:30', '12:00']);
    // An ordinary service sees the session's time as taken.
    expect(times(computeSlots('2026-06-10', rules({ serviceId: YOGA }), data(two)))).not.toContain('10:00');
  });

  it('counts a row standing for several seats of a session (the database reads one row per session)', () => {
    expect(seats(computeSlots('2026-06-10', klass, data([{ ...seat(A, 's1'), seats: 2 }])))[0]).toEqual(['10:00', 1]);
    // Split across rows (seats booked while the buffers differed), the seats still add up.
    expect(times(computeSlots('2026-06-10', klass, data([{ ...seat(A, 's1'), seats: 2 }, seat(A, 's1')])))).toEqual([
      '11:30',
      '12:00',
    ]);
  });

  it('sums the seats of every employee at a start and lists the fullest session first', () => {
    const slots = computeSlots('2026-06-10', klass, data([seat(B, 's1')], [A, B]));
    const ten = slots.find((s) => s.time === '10:00')!;
    expect(ten.employeeIds).toEqual([B, A]);
    expect(ten.seatsLeft).toBe(5);
  });
});
