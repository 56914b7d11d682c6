import { format } from 'date-fns';

export const money = (amount: string | number) =>
  `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const shortDate = (iso: string) => format(new Date(iso), 'MMM dd, yyyy');
export const dateTime = (iso: string) => format(new Date(iso), 'MMM dd, yyyy HH:mm');
export const time = (iso: string) => format(new Date(iso), 'HH:mm');
/** The displayed order number: the last 8 characters of its id. */
export const orderNumber = (id: string) => `#${id.slice(-8)}`;
export const statusTone = (status: string) =>
  status === 'completed'
    ? 'success'
    : status === 'cancelled' || status === 'no_show'
      ? 'danger'
      : status === 'confirmed' || status === 'processing'
        ? 'secondary'
        : 'accent';
