import type { Tx } from '../../../db/client';
import type { ChatEvent } from '../../shared/chat-schema';
import type { Actor } from '../auth/sessions';
import type { ChatHub, HubEvent } from './chat-hub';
import { canSee, latestSeq, unreadCount, visibleMessagesAfter } from './chat-service';

/** At most this many missed messages are replayed to a resuming stream. */
const RESUME_LIMIT = 1000;
/** How often an open stream checks that its session still stands (sign-out, deactivation, changed access). */
export const SESSION_RECHECK_MS = 60_000;

export interface StreamEvent {
  /** The resume point: the seq of the last message this stream has delivered. */
  id: string;
  event: ChatEvent;
}

function parseEventId(value: string | null | undefined): number | undefined {
  return value && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/**
 * One person's live chat: first what they missed since lastEventId (a reconnecting client sends it), then
 * their unread count, then every new message they may see and their unread count whenever they read
 * something elsewhere. Ends when the signal aborts (the client left) or the app stops.
 */
export async function* chatEvents(
  db: Tx,
  hub: ChatHub,
  actor: Actor,
  lastEventId: string | null | undefined,
  signal: AbortSignal | undefined,
  stillAllowed?: () => Promise<boolean>,
): AsyncGenerator<StreamEvent> {
  await hub.ready();
  const queue: HubEvent[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  // Subscribe before reading the database, so nothing committed in between can fall through.
  const unsubscribe = hub.subscribe(
    (event) => {
      if (event.kind === 'message' ? canSee(actor, event.message) : event.readerId === actor.id) {
        queue.push(event);
        notify();
      }
    },
    () => {
      ended = true;
      notify();
    },
  );
  const onAbort = () => {
    ended = true;
    notify();
  };
  signal?.addEventListener('abort', onAbort);
  // A stream outlives the request that opened it: it ends once its session no longer stands.
  const recheck = stillAllowed
    ? setInterval(() => {
        stillAllowed().then(
          (ok) => {
            if (!ok) onAbort();
          },
          () => {},
        );
      }, SESSION_RECHECK_MS)
    : undefined;
  try {
    let cursor = parseEventId(lastEventId);
    if (cursor !== undefined) {
      for (const { seq, message } of await visibleMessagesAfter(db, actor, cursor, RESUME_LIMIT)) {
        cursor = seq;
        yield { id: String(seq), event: { type: 'message', message } };
      }
    } else {
      cursor = await latestSeq(db);
    }
    yield { id: String(cursor), event: { type: 'unread', count: await unreadCount(db, actor) } };

    while (!ended && !signal?.aborted) {
      const next = queue.shift();
      if (!next) {
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (next.kind === 'message') {
        // Already replayed from the database.
        if (next.seq <= cursor) continue;
        cursor = next.seq;
        yield { id: String(next.seq), event: { type: 'message', message: next.message } };
      } else {
        // Several reads in a row: one count answers them all.
        while (queue[0]?.kind === 'read') queue.shift();
        yield { id: String(cursor), event: { type: 'unread', count: await unreadCount(db, actor) } };
      }
    }
  } finally {
    clearInterval(recheck);
    unsubscribe();
    signal?.removeEventListener('abort', onAbort);
  }
}
