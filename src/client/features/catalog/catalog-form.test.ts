import { describe, expect, it } from 'vitest';
import { ZCreateProductInput, ZCreateServiceInput } from '../../../shared/catalog-schema';
import { durationFromInput, inventoryFromInput, validate } from './catalog-form';

describe('catalogue dialogs', () => {
  it('turn a non-numeric inventory into 0 and an unparsable duration into 60 (docs/catalogue.md)', () => {
    expect(inventoryFromInput('abc')).toBe(0);
    expect(inventoryFromInput('')).toBe(0);
    expect(inventoryFromInput(' 12 ')).toBe('12');
    expect(durationFromInput('an hour')).toBe(60);
    expect(durationFromInput('45')).toBe('45');
  });

  it('report the server’s messages per field', () => {
    const result = validate(ZCreateProductInput, { name: ' ', price: '1.234', inventory: '-1', imageUrl: 'nope' });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: 'Name is required',
        price: 'Price can have at most 2 decimal places',
        inventory: 'Inventory must be 0 or more',
        imageUrl: 'Image URL must be a valid URL',
      },
    });
    expect(validate(ZCreateServiceInput, { name: 'Cut', price: '10', duration: '20' })).toEqual({
      ok: false,
      errors: { duration: 'Duration must be a multiple of 15 minutes' },
    });
  });

  it('pass valid values through, normalised', () => {
    expect(validate(ZCreateProductInput, { name: ' Soap ', price: '3.5', inventory: '4', imageUrl: '' })).toEqual({
      ok: true,
      data: { name: 'Soap', price: '3.50', inventory: 4, imageUrl: null },
    });
  });
});
