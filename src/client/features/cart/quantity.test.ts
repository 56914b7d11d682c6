import { describe, expect, it } from 'vitest';
import { quantityFromInput } from './quantity';

describe('cart quantity box', () => {
  it('turns what was typed into a quantity between 1 and the stock', () => {
    expect(quantityFromInput('3', 5)).toBe(3);
    expect(quantityFromInput('abc', 5)).toBe(1);
    expect(quantityFromInput('', 5)).toBe(1);
    expect(quantityFromInput('0', 5)).toBeNull();
    expect(quantityFromInput('-4', 5)).toBeNull();
    expect(quantityFromInput('12', 5)).toBe(5);
    expect(quantityFromInput('2.7', 5)).toBe(2);
  });
});
