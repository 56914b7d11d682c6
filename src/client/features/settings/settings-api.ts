import { useIntl } from 'react-intl';
import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { useSettingsQuery } from '../../lib/session';

export function useSettings() {
  return useSettingsQuery();
}

/** Saves the business information; the whole app reads the saved settings at once. */
export function useUpdateSettings() {
  const intl = useIntl();
  const toast = useToast();
  const utils = trpc.useUtils();
  return trpc.settings.update.useMutation({
    onSuccess: (saved) => {
      utils.settings.get.setData(undefined, saved);
      toast({
        title: intl.formatMessage({ id: 'settings.updated' }),
        description: intl.formatMessage({ id: 'settings.updatedText' }),
      });
    },
    onError: (error) =>
      toast({
        title: intl.formatMessage({ id: 'settings.updateFailed' }),
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });
}
