import type { Database } from '../../../db/client';
import { CHAT_CHANNEL, latestSeq, messagesAfter, type SequencedMessage } from './chat-service';

export type HubEvent =
  { kind: 'message'; seq: number; message: SequencedMessage['message'] } | { kind: 'read'; readerId: string };

interface Subscriber {
  push(event: HubEvent): void;
  end(): void;
}

interface Logger {
  error(obj: unknown, msg?: string): void;
}

const BATCH = 500;
const RETRY_MS = 1000;

/**
 * This app instance's end of the support chat's live updates. One LISTEN (on the database's listening
 * connection) hears that some instance committed messages or moved a read marker; the hub then reads the
 * new messages once, in commit order, and hands them to every open stream of this instance. NOTIFY has no
 * replay, so after the listening connection comes back the hub reads everything after the last message it
 * delivered: a database restart loses nothing. Created by buildApp, stopped when the app closes.
 */
export class ChatHub {
  private lastSeq: number | undefined;
  private readonly subscribers = new Set<Subscriber>();
  private started: Promise<void> | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private pumping = false;
  private pumpAgain = false;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {}

  /** Listening and caught up; streams wait for this before they start. */
  ready(): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('The chat hub is stopped'));
    if (!this.started) {
      this.started = this.start();
      this.started.catch(() => {
        this.started = undefined;
      });
    }
    return this.started;
  }

  get isStopped() {
    return this.stopped;
  }

  subscribe(push: (event: HubEvent) => void, end: () => void): () => void {
    const subscriber = { push, end };
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Ends every open stream (they close their responses) and stops listening. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.retry);
    for (const s of this.subscribers) s.end();
    this.subscribers.clear();
    await this.unlisten?.().catch(() => {});
  }

  get openStreams() {
    return this.subscribers.size;
  }

  private async start() {
    let firstListen: () => void = () => {};
    const listening = new Promise<void>((resolve) => (firstListen = resolve));
    this.unlisten = await this.database.listen(
      CHAT_CHANNEL,
      (payload) => this.onNotify(payload),
      // Runs at every (re)connection of the listening connection: catch up on what was said meanwhile.
      () => {
        firstListen();
        void this.pump();
      },
    );
    await listening;
    // Streams opened from now on resume from the database themselves; the hub starts at the present.
    this.lastSeq ??= await latestSeq(this.database.db);
    // A message committed while the present was being read may have notified before there was a place to start.
    void this.pump();
  }

  private onNotify(payload: string) {
    if (payload.startsWith('r:')) {
      const event: HubEvent = { kind: 'read', readerId: payload.slice(2) };
      for (const s of this.subscribers) s.push(event);
      return;
    }
    void this.pump();
  }

  /** Reads and delivers every message after the last one delivered; one read at a time, repeated while notified. */
  private async pump() {
    if (this.lastSeq === undefined || this.stopped) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.pumpAgain = false;
        const rows = await messagesAfter(this.database.db, this.lastSeq, BATCH);
        for (const { seq, message } of rows) {
          this.lastSeq = seq;
          const event: HubEvent = { kind: 'message', seq, message };
          for (const s of this.subscribers) s.push(event);
        }
        if (rows.length === BATCH) this.pumpAgain = true;
      } while (this.pumpAgain && !this.stopped);
    } catch (error) {
      // The database is away: try again shortly (the listening connection's return also triggers a read).
      this.log.error({ err: error }, 'chat: reading new messages failed');
      clearTimeout(this.retry);
      this.retry = setTimeout(() => void this.pump(), RETRY_MS);
    } finally {
      this.pumping = false;
    }
  }
}
