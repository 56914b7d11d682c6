import type { Tx } from '../../../db/client';
import { minutesOf } from '../../shared/availability-schema';
import { addCalendarDays, weekdayOf } from '../../shared/date-key';
import type { BusinessSettings } from '../../shared/settings';
import { toZoned, zonedToInstant } from '../booking/zoned-time';
import { listLocations } from '../locations/locations-service';

/*
 * One employee's windows at locations in different time zones (docs/locations.md). Two windows of one zone are
 * compared as wall-clock times; two of different zones only by the instants they cover: 09:00-12:00 in London and
 * 12:00-14:00 in Madrid overlap (London's noon is Madrid's one o'clock), 09:00-12:00 in Madrid and 11:30-13:00 in
 * London do not. Offsets differ from date to date (the zones change their clocks on different days), so weekly
 * hours are compared on every date of the coming year.
 */

/** A window of weekly hours or of a date override, at a location (absent: the first). */
export interface PlacedWindow {
  locationId?: string | null;
  startTime: string;
  endTime: string;
}

export interface Zones {
  /** The time zone of a location (absent or unknown: the first location's). */
  zoneOf(locationId: string | null | undefined): string;
  nameOf(locationId: string | null | undefined): string;
}

export async function locationZones(db: Tx, settings: BusinessSettings): Promise<Zones> {
  const all = await listLocations(db, settings, { includeInactive: true });
  const find = (id: string | null | undefined) => all.find((l) => l.id === id) ?? all[0]!;
  return { zoneOf: (id) => find(id).timeZone, nameOf: (id) => find(id).name };
}

/** Whether windows at these locations are in more than one time zone (else wall-clock checks say it all). */
function severalZones(windows: PlacedWindow[], zones: Zones): boolean {
  return new Set(windows.map((w) => zones.zoneOf(w.locationId))).size > 1;
}

interface Span<W> {
  window: W;
  date: string;
  from: number;
  to: number;
}

const spanOn = <W extends PlacedWindow>(window: W, date: string, zones: Zones): Span<W> => {
  const zone = zones.zoneOf(window.locationId);
  return {
    window,
    date,
    from: zonedToInstant(date, minutesOf(window.startTime), zone).getTime(),
    to: zonedToInstant(date, minutesOf(window.endTime), zone).getTime(),
  };
};

/**
 * The first two spans that share an instant (touching is fine), the earlier first. Windows of one zone never
 * overlap one another here (their wall-clock check came first), so a clash is always across zones.
 */
function firstClash<W>(spans: Span<W>[]): [Span<W>, Span<W>] | undefined {
  spans.sort((a, b) => a.from - b.from || a.to - b.to);
  let latest: Span<W> | undefined;
  for (const span of spans) {
    if (latest && span.from < latest.to) return [latest, span];
    if (!latest || span.to > latest.to) latest = span;
  }
  return undefined;
}

const WEEKS_AHEAD = 53;

/** Two weekly windows that cover one instant on some date of the coming year, or undefined. */
export function weeklyClashAcrossZones<W extends PlacedWindow & { dayOfWeek: number }>(
  week: W[],
  zones: Zones,
  now: Date,
): [W, W] | undefined {
  if (!severalZones(week, zones)) return undefined;
  // A day before today in UTC covers today in every zone.
  const first = addCalendarDays(toZoned(now, 'UTC').date, -1);
  const spans: Span<W>[] = [];
  for (let i = 0; i < WEEKS_AHEAD * 7; i++) {
    const date = addCalendarDays(first, i);
    const day = weekdayOf(date);
    for (const w of week) if (w.dayOfWeek === day) spans.push(spanOn(w, date, zones));
  }
  const clash = firstClash(spans);
  return clash && [clash[0].window, clash[1].window];
}

/** Two windows of one date (each in its location's zone) that cover one instant, or undefined. */
export function dateClashAcrossZones<W extends PlacedWindow>(
  date: string,
  windows: W[],
  zones: Zones,
): [W, W] | undefined {
  if (!severalZones(windows, zones)) return undefined;
  const clash = firstClash(windows.map((w) => spanOn(w, date, zones)));
  return clash && [clash[0].window, clash[1].window];
}
