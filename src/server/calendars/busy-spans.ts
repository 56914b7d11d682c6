import ICAL from 'ical.js';
import { zonedToInstant } from '../booking/zoned-time';

/** A time the employee is away, as instants [start, end). */
export interface BusySpan {
  start: Date;
  end: Date;
}

export interface BusyWindow {
  /** Spans ending at or before this are left out. */
  from: Date;
  /** Spans starting at or after this are left out. */
  to: Date;
  /** The business time zone: all-day events and floating times are read in it. */
  timeZone: string;
  /** Events the product wrote itself (its invitation UIDs): the appointment already blocks that time. */
  isOwnUid(uid: string): boolean;
}

/** One calendar object: the events sharing a UID (the series and its moved or changed occurrences). */
export interface CalendarObjectText {
  uid: string;
  /** The object as an iCalendar text of its own (VTIMEZONEs included), kept so spans can be expanded again. */
  text: string;
}

// A series with no end is expanded up to the window; a series that began long ago is walked from its start, and
// this many occurrences is decades of a daily event: beyond it the event is malformed or pathological.
const MAX_OCCURRENCES = 20_000;

/**
 * Splits an iCalendar text (a CalDAV resource or a whole ICS feed) into objects by UID, each with the
 * VTIMEZONEs of the text, so each can be stored and expanded on its own.
 */
export function splitCalendar(text: string): CalendarObjectText[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const timezones = calendar.getAllSubcomponents('vtimezone');
  const byUid = new Map<string, ICAL.Component[]>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    if (!uid) continue;
    byUid.set(uid, [...(byUid.get(uid) ?? []), vevent]);
  }
  return [...byUid].map(([uid, events]) => {
    const object = new ICAL.Component(['vcalendar', [], []]);
    object.addPropertyWithValue('version', '2.0');
    for (const part of [...timezones, ...events]) object.addSubcomponent(new ICAL.Component(part.toJSON()));
    return { uid, text: object.toString() };
  });
}

/**
 * The busy spans of a calendar text within the window: recurrences expanded (RRULE, RDATE, EXDATE, occurrences
 * moved or changed by RECURRENCE-ID), times read in their TZID (by the text's VTIMEZONE, or the IANA zone of that
 * name), all-day events as their whole dates in the business zone, floating times as business time. Transparent
 * ("free") and cancelled events and occurrences block nothing.
 */
export function busySpans(text: string, window: BusyWindow): BusySpan[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = new Map<string, ICAL.Timezone>();
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    const zone = timezoneOf(vtimezone);
    zones.set(zone.tzid, zone);
  }
  const series = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Event[] = [];
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(vevent);
    if (!event.uid || window.isOwnUid(event.uid)) continue;
    if (event.isRecurrenceException()) exceptions.push(event);
    else series.set(event.uid, event);
  }
  const spans: BusySpan[] = [];
  const add = (start: Date, end: Date) => {
    if (end > window.from && start < window.to && end > start) spans.push({ start, end });
  };
  const instant = instantOf(zones, window.timeZone);
  // Occurrences of a series come out of ical.js without their TZID: they take the series' own.
  const startOf = (event: ICAL.Event) => instant(event.startDate, zoneName(event.startDate));
  const endOf = (event: ICAL.Event) => instant(event.endDate, zoneName(event.endDate) ?? zoneName(event.startDate));
  for (const exception of exceptions) {
    const master = series.get(exception.uid);
    // An occurrence override without its series (a calendar shared with one occurrence only) stands alone.
    if (master) master.relateException(exception);
    else if (blocks(exception.component)) add(startOf(exception), endOf(exception));
  }
  for (const event of series.values()) {
    if (!event.isRecurring()) {
      if (blocks(event.component)) add(startOf(event), endOf(event));
      continue;
    }
    const startZone = zoneName(event.startDate);
    const endZone = zoneName(event.endDate) ?? startZone;
    const occurrences = event.iterator();
    for (let n = 0, next = occurrences.next(); next && n < MAX_OCCURRENCES; n++, next = occurrences.next()) {
      // A moved occurrence may come into the window from an original time outside it: look a little further.
      if (instant(next, startZone).getTime() > window.to.getTime() + MOVED_OCCURRENCE_REACH) break;
      const details = event.getOccurrenceDetails(next);
      if (details.item !== event) {
        if (blocks(details.item.component)) add(startOf(details.item), endOf(details.item));
      } else if (blocks(event.component)) {
        add(instant(details.startDate, startZone), instant(details.endDate, endZone));
      }
    }
  }
  return spans.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/**
 * A VTIMEZONE read once per process: ical.js works out a zone's offsets by stepping through its rules from their
 * first DTSTART (1601 in Outlook's exports) and keeps them in the Timezone object, which took 50-150 ms for
 * every event of a sync. The same text always means the same zone, so the object is shared by its text.
 */
const timezones = new Map<string, ICAL.Timezone>();
const MAX_TIMEZONES = 500;
function timezoneOf(vtimezone: ICAL.Component): ICAL.Timezone {
  const key = vtimezone.toString();
  let zone = timezones.get(key);
  if (!zone) {
    if (timezones.size >= MAX_TIMEZONES) timezones.clear();
    zone = new ICAL.Timezone(vtimezone);
    timezones.set(key, zone);
  }
  return zone;
}

const MOVED_OCCURRENCE_REACH = 31 * 24 * 3_600_000;

function blocks(vevent: ICAL.Component): boolean {
  const transparency = String(vevent.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(vevent.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transparency !== 'TRANSPARENT' && status !== 'CANCELLED';
}

/** The TZID a time was written with (ical.js keeps it as `timezone` when it did not resolve the zone itself). */
function zoneName(time: ICAL.Time): string | undefined {
  // Not in ical.js's types, but set by it from the TZID parameter.
  const written = (time as { timezone?: string }).timezone;
  if (written) return written;
  const zone = time.zone;
  return zone && zone !== ICAL.Timezone.localTimezone && zone !== ICAL.Timezone.utcTimezone ? zone.tzid : undefined;
}

/**
 * The instant of an iCalendar time. ical.js resolves a TZID only through its global registry; instead each
 * text's VTIMEZONEs are kept here and the TZID looked up in them, then among the IANA zones (a feed may name one
 * without describing it); a time without a zone is floating: business time. A date (an all-day event) is its
 * midnight in the business zone.
 */
function instantOf(zones: Map<string, ICAL.Timezone>, businessZone: string) {
  return (time: ICAL.Time, tzid: string | undefined): Date => {
    if (time.isDate) return zonedToInstant(dateOf(time), 0, businessZone);
    if (time.zone === ICAL.Timezone.utcTimezone) return time.toJSDate();
    const described = tzid ? zones.get(tzid) : undefined;
    if (described) {
      const local = time.clone();
      local.zone = described;
      return new Date(local.toUnixTime() * 1000);
    }
    const zone = tzid && isIanaZone(tzid) ? tzid : businessZone;
    const at = zonedToInstant(dateOf(time), time.hour * 60 + time.minute, zone);
    return new Date(at.getTime() + time.second * 1000);
  };
}

const dateOf = (time: ICAL.Time) =>
  `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;

const ianaZones = new Map<string, boolean>();
function isIanaZone(name: string): boolean {
  let known = ianaZones.get(name);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: name });
      known = true;
    } catch {
      known = false;
    }
    ianaZones.set(name, known);
  }
  return known;
}
