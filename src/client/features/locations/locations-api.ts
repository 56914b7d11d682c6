import { useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/en';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc';

export type LocationItem = RouterOutputs['locations']['list'][number];
export type ResourceItem = RouterOutputs['locations']['resources'][number];

export const useLocations = () => trpc.locations.list.useQuery();
export const useResources = () => trpc.locations.resources.useQuery();

/** A change to locations or resources: both lists follow, and a toast says what happened (or why not). */
function useChange(done: MessageId, failed: MessageId) {
  const intl = useIntl();
  const toast = useToast();
  const utils = trpc.useUtils();
  return {
    onSuccess: () => {
      void utils.locations.invalidate();
      toast({ title: intl.formatMessage({ id: done }) });
    },
    onError: (error: unknown) =>
      toast({ title: intl.formatMessage({ id: failed }), description: errorMessage(error), variant: 'destructive' }),
  };
}

export const useCreateLocation = () =>
  trpc.locations.create.useMutation(useChange('locations.saved', 'locations.saveFailed'));
export const useUpdateLocation = () =>
  trpc.locations.update.useMutation(useChange('locations.saved', 'locations.saveFailed'));
export const useDeleteLocation = () =>
  trpc.locations.remove.useMutation(useChange('locations.deleted', 'locations.deleteFailed'));
export const useCreateResource = () =>
  trpc.locations.createResource.useMutation(useChange('resources.saved', 'resources.saveFailed'));
export const useUpdateResource = () =>
  trpc.locations.updateResource.useMutation(useChange('resources.saved', 'resources.saveFailed'));
export const useDeleteResource = () =>
  trpc.locations.removeResource.useMutation(useChange('resources.deleted', 'resources.deleteFailed'));
