import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { invalidateCatalog, type CatalogKind } from './catalog-api';

/**
 * The options of the admin catalogue's create, update and delete mutations. On success the lists are read
 * again, a toast says what happened and `onDone` closes the dialog; on failure a toast gives the server's
 * message and the dialog stays open. `singular` is the capitalised noun ("Product") the toast titles use.
 */
export function useCatalogMutationOptions(kind: CatalogKind, singular: string, onDone: () => void) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const options = <T>(title: string, describe: (data: T) => string, failedTitle: string) => ({
    onSuccess: (data: T) => {
      void invalidateCatalog(queryClient, kind);
      // A service's providers are saved and deleted with it.
      if (kind === 'services') void utils.serviceProviders.invalidate();
      toast({ title, description: describe(data) });
      onDone();
    },
    onError: (error: unknown) => toast({ title: failedTitle, description: errorMessage(error), variant: 'destructive' }),
  });
  return {
    created: (describe: (saved: { name: string }) => string) => options(`${singular} Created`, describe, 'Creation Failed'),
    updated: options(`${singular} Updated`, (saved: { name: string }) => `${saved.name} has been saved.`, 'Update Failed'),
    deleted: (description: string) => options(`${singular} Deleted`, () => description, 'Delete Failed'),
  };
}
