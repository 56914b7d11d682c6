import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { rateLimits } from '../../../db/schema/index';
import { createTestDatabase } from '../../testing/test-server';
import { hitRateLimit } from './rate-limit';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('hitRateLimit', () => {
  it('allows up to the limit in a window, then refuses with the seconds left', async () => {
    const rule = { name: 'unit', limit: 3, windowSeconds: 120 };
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hitRateLimit(database.db, rule, 'a'));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results[4]!.retryAfterSeconds).toBeGreaterThan(110);
    expect(results[4]!.retryAfterSeconds).toBeLessThanOrEqual(120);
    // Other subjects and other rules have their own counters.
    expect((await hitRateLimit(database.db, rule, 'b')).allowed).toBe(true);
    expect((await hitRateLimit(database.db, { ...rule, name: 'other' }, 'a')).allowed).toBe(true);
  });

  it('starts a new window once the old one has run out', async () => {
    const rule = { name: 'expiring', limit: 1, windowSeconds: 60 };
    await hitRateLimit(database.db, rule, 'x');
    expect((await hitRateLimit(database.db, rule, 'x')).allowed).toBe(false);
    await database.db.update(rateLimits).set({ expiresAt: new Date(Date.now() - 1) });
    const fresh = await hitRateLimit(database.db, rule, 'x');
    expect(fresh).toMatchObject({ allowed: true, hits: 1 });
  });

  // On PostgreSQL the hits run on many pooled connections at once, as from several app instances.
  it('is exact under concurrent hits', async () => {
    const rule = { name: 'race', limit: 10, windowSeconds: 60 };
    const results = await Promise.all(Array.from({ length: 50 }, () => hitRateLimit(database.db, rule, 'same')));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});
