import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSlots, type BusyInterval, type ResourceHold, type SlotRules, type WeeklyHours } from './slots';
import { formatMinutes, minutesOfTime, toZoned, zonedToInstant } from './zoned-time';
import { weekdayOf } from '../../shared/date-key';

/*
 * Slots at one of two locations in two time zones, with a resource of a few units: no offered time needs a unit
 * that is taken, whatever the buffers, class sessions and clock changes; hours count only where they are worked.
 */

const A = 'employee-a';
const B = 'employee-b';
const HERE = 'location-here';
const THERE = 'location-there';
const MINUTE = 60_000;

describe('slots with locations and resources (property)', () => {
  const zones = ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'];
  const dates = ['2026-03-29', '2026-10-25', '2026-11-01', '2026-04-05', '2026-06-10'];
  const half = fc.integer({ min: 0, max: 47 });

  const arbitrary = fc.record({
    zones: fc.tuple(fc.constantFrom(...zones), fc.constantFrom(...zones)),
    date: fc.constantFrom(...dates),
    duration: fc.constantFrom(30, 60, 90),
    before: fc.constantFrom(0, 15, 60),
    after: fc.constantFrom(0, 30),
    capacity: fc.constantFrom(1, 1, 3),
    quantity: fc.integer({ min: 1, max: 3 }),
    windows: fc.array(fc.record({ employee: fc.constantFrom(A, B), here: fc.boolean(), a: half, b: half }), {
      maxLength: 6,
    }),
    holds: fc.array(
      fc.record({
        unit: fc.integer({ min: 1, max: 3 }),
        startHalf: fc.integer({ min: -4, max: 52 }),
        halves: fc.integer({ min: 1, max: 6 }),
        session: fc.boolean(),
      }),
      { maxLength: 10 },
    ),
    sessions: fc.array(
      fc.record({ employee: fc.constantFrom(A, B), startHalf: half, seats: fc.integer({ min: 1, max: 3 }) }),
      {
        maxLength: 2,
      },
    ),
  });

  it('offers no time that needs a taken unit, and only hours worked at the location', () => {
    fc.assert(
      fc.property(arbitrary, (input) => {
        const [zone, otherZone] = input.zones;
        const dayStart = zonedToInstant(input.date, 0, zone).getTime();
        const weekday = weekdayOf(input.date);
        const weekly: WeeklyHours[] = input.windows
          .filter((w) => w.a !== w.b)
          .map((w) => ({
            employeeId: w.employee,
            locationId: w.here ? HERE : THERE,
            dayOfWeek: weekday,
            startTime: formatMinutes(Math.min(w.a, w.b) * 30),
            endTime: formatMinutes(Math.max(w.a, w.b) * 30),
            isAvailable: true,
          }));
        // Holds of one unit never overlap each other (the database's constraint): keep the first of each clash.
        const holds: ResourceHold[] = [];
        for (const h of input.holds) {
          if (h.unit > input.quantity) continue;
          const start = dayStart + h.startHalf * 30 * MINUTE;
          const hold = {
            unit: h.unit,
            sessionKey: `hold-${holds.length}`,
            heldStartsAt: new Date(start),
            heldEndsAt: new Date(start + h.halves * 30 * MINUTE),
          };
          const clash = holds.some(
            (o) => o.unit === hold.unit && o.heldStartsAt < hold.heldEndsAt && o.heldEndsAt > hold.heldStartsAt,
          );
          if (!clash) holds.push(hold);
        }
        // Class sessions of this service already running: their seats hold the employee (and one unit, above).
        const busy: BusyInterval[] = input.sessions.map((s, i) => {
          const start = dayStart + s.startHalf * 30 * MINUTE;
          return {
            employeeId: s.employee,
            heldStartsAt: new Date(start - input.before * MINUTE),
            heldEndsAt: new Date(start + (input.duration + input.after) * MINUTE),
            sessionId: `session-${i}`,
            serviceId: 'class',
            startsAt: new Date(start),
            seats: s.seats,
          };
        });
        const rules: SlotRules = {
          timeZone: zone,
          now: new Date(dayStart - 48 * 3_600_000),
          durationMinutes: input.duration,
          bufferBeforeMinutes: input.before,
          bufferAfterMinutes: input.after,
          noticeMinutes: 0,
          bookingWindowDays: 30,
          serviceId: 'class',
          capacity: input.capacity,
        };
        const data = {
          employeeIds: [A, B],
          weekly,
          overrides: [],
          busy,
          locationId: HERE,
          resources: [{ id: 'room', name: 'Room', quantity: input.quantity, holds }],
        };
        const slots = computeSlots(input.date, rules, data);

        const unitsFree = (start: number) => {
          const from = start - input.before * MINUTE;
          const to = start + (input.duration + input.after) * MINUTE;
          const taken = new Set(
            holds.filter((h) => h.heldStartsAt.getTime() < to && h.heldEndsAt.getTime() > from).map((h) => h.unit),
          );
          return input.quantity - taken.size;
        };
        const joinsSession = (employeeId: string, start: number) =>
          input.capacity > 1 && busy.some((b) => b.employeeId === employeeId && b.startsAt!.getTime() === start);

        for (const slot of slots) {
          const start = Date.parse(slot.dateTime);
          // The time is the location's wall clock, not the other location's.
          expect(slot.time).toBe(formatMinutes(toZoned(new Date(start), zone).minutes));
          const opening = slot.employeeIds.filter((id) => !joinsSession(id, start));
          // A booking that opens anything new needs a unit: none is offered without one.
          if (opening.length && !slot.employeeIds.some((id) => joinsSession(id, start)))
            expect(unitsFree(start)).toBeGreaterThan(0);
          if (input.capacity === 1) expect(slot.seatsLeft).toBeLessThanOrEqual(unitsFree(start));
          for (const employeeId of slot.employeeIds) {
            // Only hours worked here: a window at the other location never makes a slot here.
            const end = start + input.duration * MINUTE;
            const fits = weekly.some(
              (w) =>
                w.employeeId === employeeId &&
                w.locationId === HERE &&
                zonedToInstant(input.date, minutesOfTime(w.startTime), zone).getTime() <= start &&
                end <= zonedToInstant(input.date, minutesOfTime(w.endTime), zone).getTime(),
            );
            expect(fits).toBe(true);
          }
        }
        // The other location's zone answers its own wall clock for the same data.
        const there = computeSlots(
          input.date,
          { ...rules, timeZone: otherZone },
          { ...data, locationId: THERE, resources: [] },
        );
        for (const slot of there)
          expect(slot.time).toBe(formatMinutes(toZoned(new Date(slot.dateTime), otherZone).minutes));
      }),
      { numRuns: 400 },
    );
  });
});
