import { describe, expect, it } from 'vitest';
import { ZProductForm, ZServiceForm } from './catalog-schema';
import { englishOf } from './i18n/sentence';

const firstMessages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), englishOf(issue.message)]));

describe('catalogue dialog forms', () => {
  it('turn a non-numeric inventory into 0 and an unparsable duration into 60', () => {
    expect(ZProductForm.parse({ name: 'Soap', price: '3', inventory: 'abc' }).inventory).toBe(0);
    expect(ZProductForm.parse({ name: 'Soap', price: '3', inventory: '' }).inventory).toBe(0);
    expect(ZProductForm.parse({ name: 'Soap', price: '3', inventory: ' 12 ' }).inventory).toBe(12);
    expect(ZServiceForm.parse({ name: 'Cut', price: '10', duration: 'an hour' }).duration).toBe(60);
    expect(ZServiceForm.parse({ name: 'Cut', price: '10', duration: '45' }).duration).toBe(45);
  });

  it('take an empty buffer field as no buffer and refuse one off the 5-minute steps', () => {
    expect(
      ZServiceForm.parse({
        name: 'Cut',
        price: '10',
        duration: '45',
        bufferBeforeMinutes: '',
        bufferAfterMinutes: '15',
      }),
    ).toMatchObject({ bufferBeforeMinutes: 0, bufferAfterMinutes: 15 });
    expect(
      firstMessages(ZServiceForm.safeParse({ name: 'Cut', price: '10', duration: '45', bufferAfterMinutes: '12' })),
    ).toEqual({ bufferAfterMinutes: 'Buffer after must be a multiple of 5 minutes' });
  });

  it('report the server’s messages per field', () => {
    expect(
      firstMessages(ZProductForm.safeParse({ name: ' ', price: '1.234', inventory: '-1', imageUrl: 'nope' })),
    ).toEqual({
      name: 'Name is required',
      price: 'Price can have at most 2 decimal places',
      inventory: 'Inventory must be 0 or more',
      imageUrl: 'Image URL must be a valid URL',
    });
    expect(firstMessages(ZServiceForm.safeParse({ name: 'Cut', price: '10', duration: '20' }))).toEqual({
      duration: 'Duration must be a multiple of 15 minutes',
    });
  });

  it('pass valid values through, normalised', () => {
    expect(ZProductForm.parse({ name: ' Soap ', price: '3.5', inventory: '4', imageUrl: '' })).toEqual({
      name: 'Soap',
      price: '3.50',
      inventory: 4,
      imageUrl: null,
    });
  });
});
