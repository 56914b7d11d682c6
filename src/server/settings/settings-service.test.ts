import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { createTestDatabase } from '../testing';
import { defaultSettings, getSettings, updateSettings } from './settings-service';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('settings service', () => {
  it('returns the defaults before anything is saved', async () => {
    expect(await getSettings(database.db)).toEqual(defaultSettings);
    expect(defaultSettings.businessType).toBe('both');
  });

  it('saves and reads back every field', async () => {
    const saved = await updateSettings(database.db, {
      businessName: 'Corner Bakery',
      businessDescription: 'Bread and cakes',
      businessType: 'products',
      timezone: 'Europe/Berlin',
    });
    expect(saved).toEqual({ businessName: 'Corner Bakery', businessDescription: 'Bread and cakes', businessType: 'products', timezone: 'Europe/Berlin' });
    expect(await getSettings(database.db)).toEqual(saved);
  });

  it('keeps fields that an update leaves out', async () => {
    await updateSettings(database.db, { businessName: 'Corner Bakery & Cafe' });
    expect(await getSettings(database.db)).toEqual({
      businessName: 'Corner Bakery & Cafe',
      businessDescription: 'Bread and cakes',
      businessType: 'products',
      timezone: 'Europe/Berlin',
    });
  });

  it('refuses a blank name in the database too', async () => {
    await expect(updateSettings(database.db, { businessName: '   ' })).rejects.toThrow();
    expect((await getSettings(database.db)).businessName).toBe('Corner Bakery & Cafe');
  });
});
