import { describe, expect, it } from 'vitest';
import { canMoveOrder, cartTotals, formatMoney, fromCents, orderNumber, toCents } from './orders';

describe('order figures', () => {
  it('adds up in cents: subtotal, 10% tax rounded to the cent, free shipping, total', () => {
    expect(
      cartTotals([
        { price: '24.00', quantity: 2 },
        { price: '14.55', quantity: 1 },
      ]),
    ).toEqual({
      subtotal: '62.55',
      tax: '6.26',
      shipping: '0.00',
      total: '68.81',
      totalCents: 6881,
    });
    // 0.1 + 0.2 in floating point is not 0.3; in cents it is.
    expect(
      cartTotals([
        { price: '0.10', quantity: 1 },
        { price: '0.20', quantity: 1 },
      ]).subtotal,
    ).toBe('0.30');
    expect(cartTotals([]).total).toBe('0.00');
  });

  it('reads and writes money exactly', () => {
    expect(toCents('12.5')).toBe(1250);
    expect(toCents('0.07')).toBe(7);
    expect(toCents(19.99)).toBe(1999);
    expect(fromCents(123456)).toBe('1234.56');
    expect(formatMoney('5', 'USD')).toBe('$5.00');
  });

  it('formats money in the currency it is given, exactly', () => {
    expect(formatMoney('12', 'USD')).toBe('$12.00');
    expect(formatMoney(12, 'USD')).toBe('$12.00');
    expect(formatMoney('1234.5', 'USD')).toBe('$1,234.50');
    expect(formatMoney('0.1', 'USD')).toBe('$0.10');
    expect(formatMoney('19.99', 'EUR')).toBe('€19.99');
    expect(formatMoney('-5.25', 'USD')).toBe('-$5.25');
  });

  it('numbers an order by the last 8 characters of its id', () => {
    expect(orderNumber('3f2a9c1e-7b4d-4e21-9a0b-1c2d3e4f5a6b')).toBe('3e4f5a6b');
  });

  it('allows only the forward moves', () => {
    expect(canMoveOrder('pending', 'processing')).toBe(true);
    expect(canMoveOrder('pending', 'cancelled')).toBe(true);
    expect(canMoveOrder('processing', 'completed')).toBe(true);
    expect(canMoveOrder('processing', 'cancelled')).toBe(true);
    expect(canMoveOrder('pending', 'completed')).toBe(false);
    expect(canMoveOrder('completed', 'cancelled')).toBe(false);
    expect(canMoveOrder('cancelled', 'pending')).toBe(false);
    expect(canMoveOrder('processing', 'processing')).toBe(false);
  });
});
