import { describe, expect, it } from 'vitest';
import {
  canMoveOrder,
  cartTotals,
  currencySign,
  discountCents,
  formatMoney,
  fromCents,
  orderNumber,
  paymentStatusAfterRefunds,
  toCents,
} from './orders';

describe('order figures', () => {
  it('adds up in cents: subtotal, 10% tax rounded to the cent, free shipping, total', () => {
    expect(
      cartTotals([
        { price: '24.00', quantity: 2 },
        { price: '14.55', quantity: 1 },
      ]),
    ).toEqual({
      subtotal: '62.55',
      discount: '0.00',
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

  it('rounds a percent discount to the cent, half up', () => {
    // 15 % of 33.30 is 4.995: half a cent rounds up.
    expect(discountCents({ kind: 'percent', value: '15' }, 3330)).toBe(500);
    // 10 % of 0.05 is half a cent; 10 % of 0.04 is less.
    expect(discountCents({ kind: 'percent', value: '10' }, 5)).toBe(1);
    expect(discountCents({ kind: 'percent', value: '10' }, 4)).toBe(0);
    // 12.5 % of 19.99 is 2.49875.
    expect(discountCents({ kind: 'percent', value: '12.5' }, 1999)).toBe(250);
    expect(discountCents({ kind: 'percent', value: '100' }, 1999)).toBe(1999);
    // 33 % of 0.01 + 0.02 (done in cents, not as 0.1 + 0.2 floats).
    expect(cartTotals([{ price: '0.10', quantity: 3 }], { kind: 'percent', value: '33' }).discount).toBe('0.10');
  });

  it('never takes off more than the subtotal: a fixed code larger than it makes the order free', () => {
    expect(discountCents({ kind: 'fixed', value: '50.00' }, 1999)).toBe(1999);
    expect(cartTotals([{ price: '19.99', quantity: 1 }], { kind: 'fixed', value: '50' })).toEqual({
      subtotal: '19.99',
      discount: '19.99',
      tax: '0.00',
      shipping: '0.00',
      total: '0.00',
      totalCents: 0,
    });
  });

  it('taxes the subtotal after the discount: 10 % of (subtotal - discount)', () => {
    // 62.55 - 10 % (6.26) = 56.29; tax 5.629 → 5.63; total 61.92.
    expect(
      cartTotals(
        [
          { price: '24.00', quantity: 2 },
          { price: '14.55', quantity: 1 },
        ],
        { kind: 'percent', value: '10' },
      ),
    ).toEqual({
      subtotal: '62.55',
      discount: '6.26',
      tax: '5.63',
      shipping: '0.00',
      total: '61.92',
      totalCents: 6192,
    });
    // 40.00 - 5.55 = 34.45; tax 3.445 → 3.45 (half up); total 37.90.
    expect(cartTotals([{ price: '20.00', quantity: 2 }], { kind: 'fixed', value: '5.55' })).toMatchObject({
      discount: '5.55',
      tax: '3.45',
      total: '37.90',
    });
  });

  it('tells the payment state from the refunds, to the cent', () => {
    expect(paymentStatusAfterRefunds(6192, 0)).toBe('paid');
    expect(paymentStatusAfterRefunds(6192, 1)).toBe('partially_refunded');
    expect(paymentStatusAfterRefunds(6192, 6191)).toBe('partially_refunded');
    expect(paymentStatusAfterRefunds(6192, 6192)).toBe('refunded');
    // Three refunds of 20.64 give back 61.92 exactly.
    expect(fromCents(toCents('20.64') * 3)).toBe('61.92');
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

  it('writes money as readers of the language do', () => {
    expect(formatMoney('12', 'USD', 'en')).toBe('$12.00');
    expect(formatMoney('12', 'EUR', 'es')).toBe('12,00\u00a0€');
    expect(formatMoney('21234.5', 'EUR', 'es')).toBe('21.234,50\u00a0€');
  });

  it("names the currency's sign as its amounts show it, for labels", () => {
    expect(currencySign('USD', 'en')).toBe('$');
    expect(currencySign('USD', 'es')).toBe(formatMoney('1', 'USD', 'es').replace(/[\d,.\s]/g, ''));
    expect(currencySign('EUR', 'en')).toBe('€');
    expect(currencySign('GBP', 'es')).toBe('GBP');
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
