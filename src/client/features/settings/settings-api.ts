import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { useSettingsQuery } from '../../lib/session';

export function useSettings() {
  return useSettingsQuery();
}

/** Saves the business information; the whole app reads the saved settings at once. */
export function useUpdateSettings() {
  const toast = useToast();
  const utils = trpc.useUtils();
  return trpc.settings.update.useMutation({
    onSuccess: (saved) => {
      utils.settings.get.setData(undefined, saved);
      toast({ title: 'Settings Updated', description: 'Your business information has been saved.' });
    },
    onError: (error) => toast({ title: 'Update Failed', description: errorMessage(error), variant: 'destructive' }),
  });
}
