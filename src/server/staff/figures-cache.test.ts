import { describe, expect, it } from 'vitest';
import { createFiguresCache } from './figures-cache';

describe('figures cache', () => {
  it('answers a fresh figure without computing it again, and a stale one at once while it is recomputed', async () => {
    let computed = 0;
    let resolveSecond = () => {};
    const compute = () =>
      ++computed === 1 ? Promise.resolve(1) : new Promise<number>((r) => (resolveSecond = () => r(computed)));
    let clock = 1_000;
    const cache = createFiguresCache(20, 200, () => clock);
    expect(await cache.get('k', compute)).toBe(1);
    clock += 19;
    expect(await cache.get('k', compute)).toBe(1);
    clock += 1;
    expect(await cache.get('k', compute)).toBe(1); // stale: answered at once, recomputed behind it
    expect(await cache.get('k', compute)).toBe(1); // still stale while that runs, and computed once
    resolveSecond();
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', compute)).toBe(2);
    expect(computed).toBe(2);
  });

  it('computes a figure older than twice its lifetime again before answering, and forgets all on clear', async () => {
    let computed = 0;
    let clock = 1_000;
    const cache = createFiguresCache(20, 200, () => clock);
    const get = () => cache.get('k', async () => ++computed);
    expect(await get()).toBe(1);
    // Nobody asked for a while: the old figure is not answered.
    clock += 40;
    expect(await get()).toBe(2);
    expect(await get()).toBe(2);
    cache.clear();
    expect(await get()).toBe(3);
  });

  it('keeps at most maxEntries keys, dropping the longest unused', async () => {
    let computed = 0;
    const cache = createFiguresCache(60_000, 2);
    const get = (key: string) => cache.get(key, async () => `${key}${++computed}`);
    await get('a');
    await get('b');
    await get('a'); // used again: b is now the longest unused
    await get('c'); // over the bound: b goes
    expect(await get('a')).toBe('a1');
    expect(await get('c')).toBe('c3');
    expect(await get('b')).toBe('b4');
  });

  it('does not keep a failed computation', async () => {
    const cache = createFiguresCache();
    await expect(cache.get('k', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });
});
