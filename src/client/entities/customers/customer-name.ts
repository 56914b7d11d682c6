import { useIntl, type IntlShape } from 'react-intl';
import { isErasedAddress } from '../../../shared/customer-record-schema';

type Customer = { firstName: string; lastName: string; email: string };

/**
 * How a screen names a customer: her name, or her address when she gave none. An erased customer's row keeps the
 * English "Deleted customer" for the books and the API; a screen says it in the page's language.
 */
export const customerNameOf = (intl: IntlShape, customer: Customer) =>
  isErasedAddress(customer.email)
    ? intl.formatMessage({ id: 'customers.deleted' })
    : `${customer.firstName} ${customer.lastName}`.trim() || customer.email;

/** `customerNameOf` in the page's language, for a component. */
export function useCustomerName(): (customer: Customer) => string {
  const intl = useIntl();
  return (customer) => customerNameOf(intl, customer);
}

/** The address a screen shows for a customer: none for an erased one, as a mail to it could only bounce. */
export const shownEmail = (customer: Customer) => (isErasedAddress(customer.email) ? '' : customer.email);
