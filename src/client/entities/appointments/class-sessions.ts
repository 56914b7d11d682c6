import type { IntlShape } from 'react-intl';
import { liveStatuses } from '../../../shared/appointment-schema';

/**
 * Staff screens show a class once: the seats of one session (same sessionId) become one entry, at the place of its
 * first seat, with every attendee; other appointments stay entries of their own.
 */
export type ScheduleEntry<A> = { kind: 'one'; appointment: A } | { kind: 'class'; sessionId: string; seats: A[] };

export function groupSessions<A extends { sessionId: string | null }>(list: readonly A[]): ScheduleEntry<A>[] {
  const entries: ScheduleEntry<A>[] = [];
  const sessions = new Map<string, A[]>();
  for (const a of list) {
    if (!a.sessionId) {
      entries.push({ kind: 'one', appointment: a });
      continue;
    }
    const seats = sessions.get(a.sessionId);
    if (seats) seats.push(a);
    else {
      const first = [a];
      sessions.set(a.sessionId, first);
      entries.push({ kind: 'class', sessionId: a.sessionId, seats: first });
    }
  }
  return entries;
}

/** The seats of a session still held (pending or confirmed): cancelled ones and no-shows hold none. */
export const heldSeats = <A extends { status: string }>(seats: readonly A[]) =>
  seats.filter((s) => (liveStatuses as readonly string[]).includes(s.status));

/** "Class · 3 attendees": a session as staff lists name it, counting the seats still held. */
export const classLabel = (intl: IntlShape, seats: readonly { status: string }[]): string =>
  intl.formatMessage({ id: 'entities.classAttendees' }, { count: heldSeats(seats).length });
