import type { ChatEvent } from '../shared/chat-schema';

export interface LiveEvent {
  id: string | undefined;
  event: ChatEvent;
  receivedAt: number;
}

/**
 * A live chat stream read the way a browser's EventSource reads it (GET, text/event-stream, one event per
 * blank-line-separated block), for tests and benchmarks. lastEventId resumes as a reconnecting client does.
 */
export async function openChatStream(
  baseUrl: string,
  cookie: string,
  opts: { lastEventId?: string; headers?: Record<string, string> } = {},
) {
  const controller = new AbortController();
  const input = encodeURIComponent(JSON.stringify(opts.lastEventId ? { lastEventId: opts.lastEventId } : {}));
  const res = await fetch(`${baseUrl}/api/trpc/chat.events?input=${input}`, {
    headers: { cookie, accept: 'text/event-stream', ...opts.headers },
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  let lastId: string | undefined;

  const reading = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let name = 'message';
          let data = '';
          let id: string | undefined;
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) name = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
            else if (line.startsWith('id: ')) id = line.slice(4);
          }
          if (name !== 'message' || !data) continue;
          if (id !== undefined) lastId = id;
          events.push({ id, event: JSON.parse(data) as ChatEvent, receivedAt: performance.now() });
          for (const w of waiters) w();
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      ended = true;
      for (const w of waiters) w();
    }
  })();

  /** Resolves with the first event (from index `from`) matching, or rejects after timeoutMs. */
  function waitFor(match: (e: LiveEvent) => boolean, timeoutMs = 5000, from = 0): Promise<LiveEvent> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = events.slice(from).find(match);
        if (found) {
          cleanup();
          resolve(found);
        } else if (ended) {
          cleanup();
          reject(new Error(`stream ended without the event; got ${JSON.stringify(events.map((e) => e.event))}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  }

  return {
    status: res.status,
    headers: res.headers,
    events,
    get lastEventId() {
      return lastId;
    },
    get ended() {
      return ended;
    },
    waitFor,
    /** The next message event whose text is `text`. */
    waitForMessage: (text: string, timeoutMs?: number) =>
      waitFor((e) => e.event.type === 'message' && e.event.message.message === text, timeoutMs),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

export type ChatStream = Awaited<ReturnType<typeof openChatStream>>;
