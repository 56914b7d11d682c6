import { useToast } from '../../components/ui/toast';
import { errorMessage, trpc, type RouterOutputs } from '../../lib/trpc';

export type ApiKeyItem = RouterOutputs['integrations']['apiKeys']['list'][number];

export const useApiKeys = () => trpc.integrations.apiKeys.list.useQuery();

export function useCreateApiKey() {
  const toast = useToast();
  const utils = trpc.useUtils();
  return trpc.integrations.apiKeys.create.useMutation({
    onSuccess: () => void utils.integrations.apiKeys.invalidate(),
    onError: (error) =>
      toast({ title: 'Error', description: errorMessage(error, 'Failed to create API key'), variant: 'destructive' }),
  });
}

export function useRevokeApiKey() {
  const toast = useToast();
  const utils = trpc.useUtils();
  return trpc.integrations.apiKeys.revoke.useMutation({
    onSuccess: () => {
      toast({ title: 'Success', description: 'API key revoked' });
      void utils.integrations.apiKeys.invalidate();
    },
    onError: (error) =>
      toast({ title: 'Error', description: errorMessage(error, 'Failed to revoke API key'), variant: 'destructive' }),
  });
}
