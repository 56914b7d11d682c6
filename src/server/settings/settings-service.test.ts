import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Database } from '../../../db/client';
import { createTestDatabase } from '../../testing/test-server';
import type { SettingsCache } from './settings-cache';
import { businessSettings } from '../../../db/schema/index';
import { defaultSettings } from '../../shared/settings';
import { createSettingsCache, getSettings, updateSettings } from './settings-service';

let database: Database & { url?: string };
let cache: SettingsCache;
beforeAll(async () => {
  database = await createTestDatabase();
  cache = createSettingsCache(database);
});
afterAll(async () => {
  await cache.stop();
  await database.close();
});

describe('settings service', () => {
  it('returns the defaults before anything is saved', async () => {
    expect(await getSettings(database.db)).toEqual(defaultSettings);
    expect(await cache.get()).toEqual(defaultSettings);
    expect(defaultSettings.businessType).toBe('both');
  });

  it("has the database's column defaults agree with the one statement of the defaults", async () => {
    const other = await createTestDatabase();
    try {
      // Only the name has no column default; everything else the database fills in itself.
      await other.db.insert(businessSettings).values({ businessName: defaultSettings.businessName });
      expect(await getSettings(other.db)).toEqual(defaultSettings);
    } finally {
      await other.close();
    }
  });

  it('saves and reads back every field, and the cached copy follows at once', async () => {
    const saved = await updateSettings(database.db, cache, null, {
      businessName: 'Corner Bakery',
      businessDescription: 'Bread and cakes',
      businessType: 'products',
      timezone: 'Europe/Berlin',
    });
    expect(saved).toEqual({
      businessName: 'Corner Bakery',
      businessDescription: 'Bread and cakes',
      businessType: 'products',
      timezone: 'Europe/Berlin',
      bookingNoticeMinutes: 60,
      bookingWindowDays: 30,
      cancellationNoticeHours: 24,
      reminderOffsetsMinutes: [1440, 120],
      currency: 'USD',
      defaultLocale: 'en',
    });
    expect(await getSettings(database.db)).toEqual(saved);
    expect(await cache.get()).toEqual(saved);
  });

  it('keeps fields that an update leaves out', async () => {
    await updateSettings(database.db, cache, null, { businessName: 'Corner Bakery & Cafe' });
    expect(await cache.get()).toEqual({
      businessName: 'Corner Bakery & Cafe',
      businessDescription: 'Bread and cakes',
      businessType: 'products',
      timezone: 'Europe/Berlin',
      bookingNoticeMinutes: 60,
      bookingWindowDays: 30,
      cancellationNoticeHours: 24,
      reminderOffsetsMinutes: [1440, 120],
      currency: 'USD',
      defaultLocale: 'en',
    });
  });

  it('refuses a blank name in the database too', async () => {
    await expect(updateSettings(database.db, cache, null, { businessName: '   ' })).rejects.toThrow();
    expect((await cache.get()).businessName).toBe('Corner Bakery & Cafe');
  });

  it('shows a save made through another app instance (another connection pool) within moments', async () => {
    // A second handle on the same database stands for a second app instance: its own pool, its own copy.
    const other = database.url ? await createDb({ url: database.url }) : database;
    const otherCache = createSettingsCache(other);
    try {
      expect((await otherCache.get()).businessName).toBe('Corner Bakery & Cafe');
      await updateSettings(database.db, cache, null, { businessName: 'Saved elsewhere' });
      await expect
        .poll(async () => (await otherCache.get()).businessName, { timeout: 2000, interval: 20 })
        .toBe('Saved elsewhere');
    } finally {
      await otherCache.stop();
      if (other !== database) await other.close();
    }
  });
});
