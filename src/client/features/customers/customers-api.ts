import { useIntl } from 'react-intl';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc';

export type CustomerDetail = RouterOutputs['customerRecords']['get'];

export const useCustomerRecord = (id: string) => trpc.customerRecords.get.useQuery({ id });

/** Saves a customer's notes and tags with the screen's toasts; the record and the customers list refresh. */
export function useUpdateCustomerRecord() {
  const intl = useIntl();
  const toast = useToast();
  const utils = trpc.useUtils();
  return trpc.customerRecords.update.useMutation({
    onSuccess: (record) => {
      utils.customerRecords.get.setData({ id: record.id }, record);
      void utils.staff.customers.invalidate();
      toast({ title: intl.formatMessage({ id: 'customers.saved' }) });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'customers.saveFailed' }),
        description: errorMessage(error, ''),
        variant: 'destructive',
      }),
  });
}

/** Erases a customer (docs/customers.md, Data rights); the customers list refreshes. */
export function useEraseCustomer(onDone: () => void) {
  const intl = useIntl();
  const toast = useToast();
  const utils = trpc.useUtils();
  return trpc.customerRecords.erase.useMutation({
    onSuccess: () => {
      void utils.staff.customers.invalidate();
      toast({ title: intl.formatMessage({ id: 'records.erased' }) });
      onDone();
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'records.eraseFailed' }),
        description: errorMessage(error, ''),
        variant: 'destructive',
      }),
  });
}
