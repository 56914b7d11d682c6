/**
 * Aggregate figures (dashboard, customer summary) per app instance. They scan months of orders and
 * appointments, so each instance computes one at most every `ttlMs`; a figure older than that is still
 * answered at once while a fresh one is computed behind it, so no request waits on the aggregate once the
 * first has been made. The figures a person sees are therefore at most a few seconds old. Keys may come from
 * people (a customers search), so at most `maxEntries` are kept, the longest-unused dropped first.
 */
export interface FiguresCache {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

const FIGURES_TTL_MS = 5000;

export function createFiguresCache(ttlMs = FIGURES_TTL_MS, maxEntries = 200, now = Date.now): FiguresCache {
  const entries = new Map<string, { value?: unknown; at: number; pending?: Promise<unknown> }>();
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      let entry = entries.get(key);
      // Re-inserted on every use: the Map's first key is then the longest unused.
      if (entry) entries.delete(key);
      else entry = { at: 0 };
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      const fresh = entry.value !== undefined && now() - entry.at < ttlMs;
      if (fresh) return Promise.resolve(entry.value as T);
      const current = entry;
      current.pending ??= compute()
        .then((value) => {
          current.value = value;
          current.at = now();
          return value;
        })
        .finally(() => {
          current.pending = undefined;
        });
      if (current.value !== undefined) {
        current.pending.catch(() => {});
        return Promise.resolve(current.value as T);
      }
      return current.pending as Promise<T>;
    },
  };
}
