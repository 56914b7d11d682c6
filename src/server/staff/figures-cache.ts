/**
 * Aggregate figures (dashboard, customer summary) per app instance. They scan months of orders and
 * appointments, so each instance computes one at most every `ttlMs`. A figure older than that but younger than
 * twice that is still answered at once while a fresh one is computed behind it, so a page read often never waits
 * on the aggregate; an older one (a page nobody read for a while) is computed again before answering. The figures
 * a person sees are therefore at most two `ttlMs` old (10 s), and those of the instance that made a change none,
 * when the change clears them (`clear`). Keys may come from people (a customers search), so at most `maxEntries`
 * are kept, the longest-unused dropped first.
 */
export interface FiguresCache {
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Forgets every figure: the next read of each computes it (a change this instance made shows at once). */
  clear(): void;
}

const FIGURES_TTL_MS = 5000;

/**
 * A change to customers through this instance: once it has been made, the customers list and its figures are
 * computed afresh (an erased customer is off the list at once, a new one on it).
 */
export async function changingCustomers<T>(ctx: { figures: FiguresCache }, change: Promise<T>): Promise<T> {
  const changed = await change;
  ctx.figures.clear();
  return changed;
}

export function createFiguresCache(ttlMs = FIGURES_TTL_MS, maxEntries = 200, now = Date.now): FiguresCache {
  let entries = new Map<string, { value?: unknown; at: number; pending?: Promise<unknown> }>();
  return {
    get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      let entry = entries.get(key);
      // Re-inserted on every use: the Map's first key is then the longest unused.
      if (entry) entries.delete(key);
      else entry = { at: 0 };
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      const age = now() - entry.at;
      if (entry.value !== undefined && age < ttlMs) return Promise.resolve(entry.value as T);
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
      if (current.value !== undefined && age < 2 * ttlMs) {
        current.pending.catch(() => {});
        return Promise.resolve(current.value as T);
      }
      return current.pending as Promise<T>;
    },
    clear() {
      // A computation still running writes into its own entry, which is no longer kept.
      entries = new Map();
    },
  };
}
