import { useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/en';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc';

export type AdminPackage = RouterOutputs['packages']['adminList'][number];

export const useAdminPackages = () => trpc.packages.adminList.useQuery();

/** A change to the packs: the lists follow, and a toast says what happened (or why not). */
function usePackageChange(done: MessageId, failed: MessageId) {
  const intl = useIntl();
  const toast = useToast();
  const utils = trpc.useUtils();
  return {
    onSuccess: () => {
      void utils.packages.invalidate();
      toast({ title: intl.formatMessage({ id: done }) });
    },
    onError: (error: unknown) =>
      toast({ title: intl.formatMessage({ id: failed }), description: errorMessage(error), variant: 'destructive' }),
  };
}

export const useCreatePackage = () =>
  trpc.packages.create.useMutation(usePackageChange('packages.created', 'packages.saveFailed'));
export const useUpdatePackage = () =>
  trpc.packages.update.useMutation(usePackageChange('packages.updated', 'packages.saveFailed'));
export const useDeletePackage = () =>
  trpc.packages.remove.useMutation(usePackageChange('packages.deleted', 'packages.deleteFailed'));
