/** Order and cart figures shared by server and client; free of zod so the storefront bundle stays small. */

import { orderStatuses, paymentStatuses } from '../../db/statuses';
import { INTL_TAGS, type Locale } from './i18n/locales';

// The statuses are the database enums' lists (db/statuses.ts), so the two cannot drift apart.
export { orderStatuses, paymentStatuses };
export type OrderStatus = (typeof orderStatuses)[number];
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Where an order may go from each status; anything else is refused. Completed and cancelled are final. */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

/** The number people read: the last 8 characters of the order id. */
export function orderNumber(id: string): string {
  return id.slice(-8);
}

/** Tax is 10 % of the subtotal after any discount; shipping is free. */
const TAX_RATE_PERCENT = 10;

/** "12.50" → 1250; exact for decimal strings with up to two decimals. */
export function toCents(amount: string | number): number {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount;
  const [whole = '0', fraction = ''] = text.split('.');
  const negative = whole.startsWith('-');
  const cents = Math.abs(Number(whole)) * 100 + Number((fraction + '00').slice(0, 2));
  return negative ? -cents : cents;
}

/** 1250 → "12.50". */
export function fromCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** `numerator / denominator` rounded half up; exact, since both are whole numbers far below 2^53. */
function roundedShare(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

export const discountKinds = ['percent', 'fixed'] as const;
type DiscountKind = (typeof discountKinds)[number];

/** What a discount code takes off: a percent (1 to 100) or a fixed amount, as a decimal string. */
export interface DiscountRule {
  kind: DiscountKind;
  value: string;
}

/**
 * The discount on a subtotal, in cents: a percent rounded half up to the cent, or the fixed amount, never
 * more than the subtotal.
 */
export function discountCents(rule: DiscountRule, subtotalCents: number): number {
  const off =
    rule.kind === 'percent' ? roundedShare(subtotalCents * toCents(rule.value), 100 * 100) : toCents(rule.value);
  return Math.min(off, subtotalCents);
}

export interface CartTotals {
  subtotal: string;
  discount: string;
  tax: string;
  shipping: string;
  total: string;
  /** The total in cents, as payment providers charge it. */
  totalCents: number;
}

/**
 * Subtotal, discount, tax and total of cart or order lines, computed in cents so that no amount ever drifts.
 * The one tax rule: 10 % of the subtotal less the discount, rounded to the cent.
 */
export function cartTotals(
  lines: readonly { price: string; quantity: number }[],
  discount?: DiscountRule | null,
): CartTotals {
  const subtotal = lines.reduce((sum, line) => sum + toCents(line.price) * line.quantity, 0);
  const off = discount ? discountCents(discount, subtotal) : 0;
  const tax = roundedShare((subtotal - off) * TAX_RATE_PERCENT, 100);
  const total = subtotal - off + tax;
  return {
    subtotal: fromCents(subtotal),
    discount: fromCents(off),
    tax: fromCents(tax),
    shipping: '0.00',
    total: fromCents(total),
    totalCents: total,
  };
}

/** How an order's payment stands once `refundedCents` of its `totalCents` have been given back. */
export function paymentStatusAfterRefunds(totalCents: number, refundedCents: number): PaymentStatus {
  if (refundedCents <= 0) return 'paid';
  return refundedCents >= totalCents ? 'refunded' : 'partially_refunded';
}

/**
 * The one money formatter: an amount in a currency (ISO 4217 code), as readers of the language write it:
 * "$1,234.50" for USD and "€12.00" for EUR in English, "12,00 €" in Spanish. The amount goes through whole cents
 * first, so a decimal string is shown exactly.
 */
export function formatMoney(amount: string | number, currency: string, locale: Locale = 'en'): string {
  return moneyFormat(locale, currency).format(toCents(amount) / 100);
}

/** The currency's sign as `formatMoney` writes it in the language ("$" for USD in English, "US$" in Spanish). */
export function currencySign(currency: string, locale: Locale = 'en'): string {
  return (
    moneyFormat(locale, currency)
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value ?? currency
  );
}

// Building an Intl formatter costs far more than using one, and a page or a mail formats many amounts.
const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(locale: Locale, currency: string): Intl.NumberFormat {
  const key = `${locale}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAGS[locale], { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format;
}
