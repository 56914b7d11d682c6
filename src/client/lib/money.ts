import { useCallback } from 'react';
import { formatMoney } from '../../shared/orders';
import { useCurrency } from './session';

/** Money as the business shows it: `formatMoney` bound to the business's currency. */
export function useFormatMoney(): (amount: string | number) => string {
  const currency = useCurrency();
  return useCallback((amount) => formatMoney(amount, currency), [currency]);
}
