import { describe, expect, it } from 'vitest';
import { createFiguresCache } from './figures-cache';

describe('figures cache', () => {
  it('answers a fresh figure without computing it again, and a stale one at once while it is recomputed', async () => {
    let computed = 0;
    const compute = async () => ++computed;
    const cache = createFiguresCache(20);
    expect(await cache.get('k', compute)).toBe(1);
    expect(await cache.get('k', compute)).toBe(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(await cache.get('k', compute)).toBe(1); // stale: answered at once, recomputed behind it
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.get('k', compute)).toBe(2);
    expect(computed).toBe(2);
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
