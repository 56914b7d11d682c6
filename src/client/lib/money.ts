import { useCallback } from 'react';
import { currencySign, formatMoney } from '../../shared/orders';
import { pageLocale } from './page-state';
import { useCurrency } from './session';

/** Money as the business shows it: `formatMoney` bound to the business's currency and the page's language. */
export function useFormatMoney(): (amount: string | number) => string {
  const currency = useCurrency();
  return useCallback((amount) => formatMoney(amount, currency, pageLocale()), [currency]);
}

/** The business currency's sign as the amounts on the page show it, for labels such as "Price ($)". */
export function useCurrencySign(): string {
  return currencySign(useCurrency(), pageLocale());
}
